/**
 * The image viewer route (`#/viewer?studyinstanceuid=…`, dark theme). This module stays light on
 * purpose: it asks for the study, its series and the first series' instances at once, while the
 * viewer proper (study-viewer.tsx, with Cornerstone and its WebGL stack: megabytes of script)
 * loads and compiles as a chunk of its own. The two overlap instead of following each other,
 * which shortens the time to the first image.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { withTimeout } from '../../../lib/lazy-screen.ts';
import { OpenFirstStudy, opensFirstStudy } from '../../studies/index.ts';
import { prefetchStudy } from '../prefetch-study.ts';
import { loadedStudyViewer, loadStudyViewer } from '../study-viewer-chunk.ts';
import '../viewer.css';

const StudyViewer = lazy(async () => ({
  default: (await withTimeout(loadStudyViewer(), CHUNK_LOAD_TIMEOUT_MS)).StudyViewer,
}));

export function ViewerScreen() {
  const [params] = useSearchParams();
  const studyUid = params.get('studyinstanceuid') ?? '';
  const patientId = params.get('patientid') ?? '';
  // A share link without a study: a guest's or a patient share's opens its (newest) study.
  if (!studyUid && opensFirstStudy(sessionStore.isGuest, patientId)) {
    return <OpenFirstStudy patientId={patientId} fallback={<Prefetched studyUid="" />} />;
  }
  // Another study starts from a clean grid.
  return <Prefetched key={studyUid} studyUid={studyUid} />;
}

/** Outside the viewer's Suspense boundary, so its prefetch runs once per study. */
function Prefetched({ studyUid }: { studyUid: string }) {
  const queryClient = useQueryClient();
  // Started while rendering, before the viewer's chunk blocks the main thread to compile.
  useState(() => prefetchStudy(queryClient, studyUid).catch(() => undefined));
  // Already run (main.tsx started it): rendered without suspending (study-viewer-chunk.ts).
  const [Viewer] = useState(() => loadedStudyViewer()?.StudyViewer ?? StudyViewer);
  return (
    <Suspense fallback={<div className="viewer" aria-busy="true" />}>
      <Viewer studyUid={studyUid} />
    </Suspense>
  );
}
