/**
 * The study's annotations in the viewer: everyone's loaded (the display status decides what
 * shows), the user's own saved a moment after each change, and the display status applied.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnnotationStatus } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { viewportService } from '../../../viewer/viewport-service.ts';
import { putReplaceAnnotations, useAnnotations } from '../api/annotations.ts';

/** Saving waits this long after the last annotation change, so a drag saves once. */
const SAVE_DELAY_MS = 600;

/**
 * `ownSeries`: the open study's series (marks on a compared study's images are not saved with it);
 * `onSaveFailed` tells the user.
 */
export function useViewerAnnotations(
  studyUid: string,
  me: string,
  ownSeries: readonly string[],
  initialStatus: AnnotationStatus,
  onSaveFailed: () => void,
) {
  const annotations = useAnnotations(studyUid);
  const [status, setStatus] = useState<AnnotationStatus>(initialStatus);
  useEffect(() => {
    if (annotations.isPending) return;
    viewportService.loadAnnotations(annotations.data ?? [], studyUid, me);
  }, [annotations.isPending, annotations.data, studyUid, me]);
  useEffect(() => () => viewportService.clearAnnotations(), []);

  const ownSeriesRef = useRef<readonly string[]>([]);
  ownSeriesRef.current = ownSeries;
  const failedRef = useRef(onSaveFailed);
  failedRef.current = onSaveFailed;
  const save = useCallback(async () => {
    if (!sessionStore.can('viewer_annotation_save')) return;
    try {
      // Marks on a compared study's images are not part of this study's annotations.
      const own = new Set(ownSeriesRef.current);
      const items = viewportService.ownAnnotationItems().filter((item) => own.size === 0 || own.has(item.SeriesInstanceUID));
      await putReplaceAnnotations(studyUid, items);
    } catch {
      failedRef.current();
    }
  }, [studyUid]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = viewportService.onAnnotationsChanged(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void save(), SAVE_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [save]);

  useEffect(() => viewportService.setAnnotationStatus(status), [status]);
  return { status, setStatus, save };
}
