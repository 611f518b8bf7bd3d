/**
 * What the viewer needs first, asked for before the viewer itself is running: the study, its
 * series, the instances of the first few series, the first image's file (named by the series
 * list, so it does not wait for the instance list) and its first look
 * (drawn without Cornerstone, first-look.ts), and the rest of the first series (one request,
 * once the first image shows: file-fetcher.ts). The light viewer route starts this when it renders; a page opened on a viewer
 * link starts it from main.tsx, before the app's own start-up requests have answered, so the
 * study's requests run alongside them. Everything here is light: no Cornerstone.
 */
import type { QueryClient } from '@tanstack/react-query';
import { seriesLoader } from '../../viewer/loading/series-loader.ts';
import { seriesRetrieveUrl, wadoUri } from '../../viewer/loading/image-ids.ts';
import { getInstancesQueryOptions, getSeriesQueryOptions, getStudyQueryOptions } from '../studies/index.ts';

/** The default series grid has four cells: their instance lists are wanted first. */
const PREFETCHED_SERIES = 4;
/**
 * A series list this recent is not asked for again here: a viewer link runs this from main.tsx
 * and again when the route renders, a moment later, while the first image is on its way. The
 * viewer's own query still refreshes it when it mounts.
 */
const RECENT_MS = 5000;

/** The study a viewer URL (`#/viewer?studyinstanceuid=…`) opens, or null for any other page. */
export function viewerStudyOf(hash: string): string | null {
  const match = /^#\/viewer\?(.*)$/.exec(hash);
  return match ? new URLSearchParams(match[1]).get('studyinstanceuid') || null : null;
}

/**
 * Fills the query cache the viewer reads when it mounts. `silent`: failures are not reported
 * (the page does not know yet whether anyone is signed in; the viewer asks again and shows them).
 */
export async function prefetchStudy(queryClient: QueryClient, studyUid: string, { silent = false } = {}): Promise<void> {
  if (!studyUid) return;
  const meta = silent ? { silent: true } : undefined;
  void queryClient.prefetchQuery({ ...getStudyQueryOptions(studyUid), meta });
  const series = await queryClient.fetchQuery({ ...getSeriesQueryOptions(studyUid), meta, staleTime: RECENT_MS });
  for (const item of series.slice(0, PREFETCHED_SERIES)) {
    void queryClient.prefetchQuery({ ...getInstancesQueryOptions(item.SeriesInstanceUID), meta });
  }
  // The first cell shows the first series from its first image: that file is needed first of all.
  // The series list names it, so its download leaves now, a round trip before the instance list.
  const first = series[0];
  if (!first) return;
  if (first.FirstSOPInstanceUID) {
    const url = wadoUri({ ...first, SOPInstanceUID: first.FirstSOPInstanceUID });
    seriesLoader.fetchEarly(url);
    seriesLoader.startFirstLook(url, first.Modality ?? '');
  }
  const instances = await queryClient.fetchQuery({ ...getInstancesQueryOptions(first.SeriesInstanceUID), meta });
  const [firstInstance] = instances;
  if (!firstInstance) return;
  seriesLoader.fetchEarly(wadoUri(firstInstance));
  seriesLoader.startFirstLook(wadoUri(firstInstance), first.Modality ?? '');
  // The rest of that series in one request, off the main thread, once the first image shows.
  seriesLoader.prefetchSeries(
    seriesRetrieveUrl(first.StudyInstanceUID, first.SeriesInstanceUID),
    instances.slice(1).map((instance) => ({ sop: instance.SOPInstanceUID, url: wadoUri(instance) })),
  );
}
