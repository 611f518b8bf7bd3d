/**
 * The grids and series a study opens with, once, when its series first arrive: the first hanging
 * protocol of the user's settings that fits the study (common `hangingProtocol`), else the
 * default grids with the series in list order. A protocol whose views match by attributes first
 * reads the ViewPosition and ImageLaterality of the first instance of each of its modality's
 * series; a series whose metadata cannot be read is placed by its description.
 */
import { useEffect, type Dispatch } from 'react';
import { hangingProtocol, needsViewAttributes, protocolFor, type HangingSeries, type UserSettings } from '@pacs/common';
import { layoutOf } from '../../../viewer/layouts.ts';
import { getViewAttributes } from '../api/get-view-attributes.ts';
import type { ViewerSeries } from '../types.ts';
import type { ViewerAction } from '../viewer-state.ts';

async function withViewAttributes(seriesList: readonly ViewerSeries[], modality: string, signal: AbortSignal): Promise<HangingSeries[]> {
  return Promise.all(
    seriesList.map(async (one): Promise<HangingSeries> => {
      if (one.Modality !== modality) return one;
      try {
        return { ...one, ...(await getViewAttributes(one.StudyInstanceUID, one.SeriesInstanceUID, signal)) };
      } catch {
        return one;
      }
    }),
  );
}

export function useInitialLayouts(
  seriesList: readonly ViewerSeries[],
  layout: UserSettings['viewer']['layout'] | undefined,
  dispatch: Dispatch<ViewerAction>,
) {
  const seriesKey = seriesList.map((item) => item.SeriesInstanceUID).join(',');
  useEffect(() => {
    if (!seriesKey) return;
    const hang = (series: readonly HangingSeries[]) => {
      const hanging = hangingProtocol(layout, series);
      const grid = layoutOf(hanging.series).key;
      dispatch({
        type: 'series_loaded',
        seriesUids: seriesKey.split(','),
        layout: grid,
        imageLayout: layoutOf(hanging.image).key,
        cells: grid === hanging.series ? hanging.cells : undefined,
      });
    };
    const protocol = protocolFor(layout, seriesList);
    if (!protocol || !needsViewAttributes(protocol)) return hang(seriesList);
    const abort = new AbortController();
    void withViewAttributes(seriesList, protocol.modality, abort.signal).then((series) => {
      if (!abort.signal.aborted) hang(series);
    });
    return () => abort.abort();
    // Layouts are chosen once, when the series first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seriesKey]);
}
