/**
 * Annotations as the server keeps them (per user and study) and as Cornerstone draws them. The
 * server stores one row per annotation: the image it lies on (series, instance, frame), the tool
 * and `Data`, the JSON we give it: the tool's metadata without the image id (rebuilt from the
 * row on load, since it embeds the proxy URL) and its handles and text, without statistics
 * (Cornerstone recomputes those from the pixels).
 */
import type { Annotation, AnnotationItem } from '@pacs/common';
import { imageIdOf, refOfImageId } from './loading/image-ids.ts';

/** What drawing an annotation takes of a stored one: its image, tool and data. */
type StoredAnnotation = Pick<Annotation, 'SeriesInstanceUID' | 'SOPInstanceUID' | 'Frame' | 'Tool' | 'Data'>;

/** The parts of a Cornerstone annotation we read and write. */
export interface CsAnnotation {
  annotationUID?: string;
  highlighted?: boolean;
  invalidated?: boolean;
  isLocked?: boolean;
  isVisible?: boolean;
  metadata: { toolName: string; referencedImageId?: string; [key: string]: unknown };
  data: { handles?: Record<string, unknown>; label?: string; text?: string; cachedStats?: Record<string, unknown>; [key: string]: unknown };
}

interface StoredData {
  /** The frame as the image id names it: 0 when the id has none (a single-frame instance). */
  idFrame?: number;
  metadata: Record<string, unknown>;
  data: { handles?: Record<string, unknown>; label?: string; text?: string };
}

/** The server row for an annotation drawn on a viewer image; null when it lies on no known image. */
export function toItem(annotation: CsAnnotation): AnnotationItem | null {
  const imageId = annotation.metadata.referencedImageId;
  const ref = imageId ? refOfImageId(imageId) : null;
  if (!ref) return null;
  const { referencedImageId: _dropped, ...metadata } = annotation.metadata;
  const { handles, label, text } = annotation.data;
  const stored: StoredData = { idFrame: ref.frame, metadata, data: { handles: handles ?? {}, label, text } };
  return {
    SeriesInstanceUID: ref.SeriesInstanceUID,
    SOPInstanceUID: ref.SOPInstanceUID,
    Frame: Math.max(1, ref.frame),
    Tool: annotation.metadata.toolName,
    Data: JSON.stringify(stored),
  };
}

/** A Cornerstone annotation for a server row of study `studyUid`; null when its data is unreadable. */
export function fromItem(item: StoredAnnotation, studyUid: string, annotationUID: string): CsAnnotation | null {
  let stored: StoredData;
  try {
    // This viewer stores its JSON as a string; a value another client sent as an object reads too.
    stored = (typeof item.Data === 'string' ? JSON.parse(item.Data) : item.Data) as StoredData;
  } catch {
    return null;
  }
  if (!stored || typeof stored !== 'object' || !stored.metadata || !stored.data) return null;
  const referencedImageId = imageIdOf(
    { StudyInstanceUID: studyUid, SeriesInstanceUID: item.SeriesInstanceUID, SOPInstanceUID: item.SOPInstanceUID },
    stored.idFrame ?? (item.Frame > 1 ? item.Frame : 0),
  );
  return {
    annotationUID,
    highlighted: false,
    invalidated: true,
    isLocked: false,
    isVisible: true,
    metadata: { ...stored.metadata, toolName: item.Tool, referencedImageId },
    data: { ...stored.data, handles: { activeHandleIndex: null, ...(stored.data.handles ?? {}) }, cachedStats: {} },
  };
}

export type AnnotationStatus = 'show_all' | 'show_only_mine' | 'hide_all';

/** Whether an annotation by `owner` shows under `status` for the signed `me`. */
export function isShown(status: AnnotationStatus, owner: string, me: string): boolean {
  if (status === 'hide_all') return false;
  return status === 'show_all' || owner === me;
}
