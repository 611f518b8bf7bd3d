/**
 * The image viewer route (`#/viewer?studyinstanceuid=…`, dark theme). This module stays light on
 * purpose: it asks for the study, its series and the first series' instances at once, while the
 * viewer proper (study-viewer.tsx, with Cornerstone and its WebGL stack: megabytes of script)
 * loads and compiles as a chunk of its own. The two overlap instead of following each other,
 * which shortens the time to the first image.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '@pacs/common';
import { withTimeout } from '../../../lib/lazy-screen.ts';
import { fetchEarly } from '../../../viewer/early-image.ts';
import { prefetchSeries } from '../../../viewer/file-fetcher.ts';
import { seriesRetrieveUrl, wadoUri } from '../../../viewer/image-ids.ts';
import { getInstancesQueryOptions } from '../api/get-instances.ts';
import { getSeriesQueryOptions } from '../api/get-series.ts';
import { getStudyQueryOptions } from '../api/get-study.ts';

const StudyViewer = lazy(async () => ({
  default: (await withTimeout(import('./study-viewer.tsx'), CHUNK_LOAD_TIMEOUT_MS)).StudyViewer,
}));

/** The default series grid has four cells: their instance lists are wanted first. */
const PREFETCHED_SERIES = 4;

/** Fills the query cache the viewer reads when it mounts; failures are the viewer's to show. */
async function prefetchStudy(queryClient: QueryClient, studyUid: string): Promise<void> {
  if (!studyUid) return;
  void queryClient.prefetchQuery(getStudyQueryOptions(studyUid));
  const series = await queryClient.fetchQuery(getSeriesQueryOptions(studyUid));
  for (const item of series.slice(0, PREFETCHED_SERIES)) void queryClient.prefetchQuery(getInstancesQueryOptions(item.SeriesInstanceUID));
  // The first cell shows the first series from its first image: that file is needed first of all.
  const first = series[0];
  if (!first) return;
  const instances = await queryClient.fetchQuery(getInstancesQueryOptions(first.SeriesInstanceUID));
  if (instances[0]) fetchEarly(wadoUri(instances[0]));
  // The rest of that series downloads meanwhile, off the main thread, in one request.
  prefetchSeries(
    seriesRetrieveUrl(first.StudyInstanceUID, first.SeriesInstanceUID),
    instances.slice(1).map((instance) => ({ sop: instance.SOPInstanceUID, url: wadoUri(instance) })),
  );
}

export function ViewerScreen() {
  const [params] = useSearchParams();
  const studyUid = params.get('studyinstanceuid') ?? '';
  // Another study starts from a clean grid.
  return <Prefetched key={studyUid} studyUid={studyUid} />;
}

/** Outside the viewer's Suspense boundary, so its prefetch runs once per study. */
function Prefetched({ studyUid }: { studyUid: string }) {
  const queryClient = useQueryClient();
  // Started while rendering, before the viewer's chunk blocks the main thread to compile.
  useState(() => prefetchStudy(queryClient, studyUid).catch(() => undefined));
  return (
    <Suspense fallback={<div className="viewer" aria-busy="true" />}>
      <StudyViewer studyUid={studyUid} />
    </Suspense>
  );
}
