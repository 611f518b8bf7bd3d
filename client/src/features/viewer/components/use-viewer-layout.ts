/** The series and image grids the settings choose for a study, once, when its series first arrive. */
import { useEffect, type Dispatch } from 'react';
import { initialLayouts, type LayoutSettings } from '../../../viewer/layouts.ts';
import type { ViewerSeries } from '../types.ts';
import type { ViewerAction } from '../viewer-state.ts';

export function useInitialLayouts(
  seriesList: readonly ViewerSeries[],
  layout: LayoutSettings | undefined,
  dispatch: Dispatch<ViewerAction>,
) {
  const seriesKey = seriesList.map((item) => item.SeriesInstanceUID).join(',');
  useEffect(() => {
    if (!seriesKey) return;
    const modalities = seriesList.map((item) => item.Modality ?? '').filter(Boolean);
    const layouts = initialLayouts(layout, modalities);
    dispatch({ type: 'series_loaded', seriesUids: seriesKey.split(','), layout: layouts.series, imageLayout: layouts.image });
    // Layouts are chosen once, when the series first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seriesKey]);
}
