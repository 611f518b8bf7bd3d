/**
 * The grids and series a study opens with, once, when its series first arrive: the first hanging
 * protocol of the user's settings that fits the study (common `hangingProtocol`), else the
 * default grids with the series in list order.
 */
import { useEffect, type Dispatch } from 'react';
import { hangingProtocol, type UserSettings } from '@pacs/common';
import { layoutOf } from '../../../viewer/layouts.ts';
import type { ViewerSeries } from '../types.ts';
import type { ViewerAction } from '../viewer-state.ts';

export function useInitialLayouts(
  seriesList: readonly ViewerSeries[],
  layout: UserSettings['viewer']['layout'] | undefined,
  dispatch: Dispatch<ViewerAction>,
) {
  const seriesKey = seriesList.map((item) => item.SeriesInstanceUID).join(',');
  useEffect(() => {
    if (!seriesKey) return;
    const hanging = hangingProtocol(layout, seriesList);
    const series = layoutOf(hanging.series).key;
    dispatch({
      type: 'series_loaded',
      seriesUids: seriesKey.split(','),
      layout: series,
      imageLayout: layoutOf(hanging.image).key,
      cells: series === hanging.series ? hanging.cells : undefined,
    });
    // Layouts are chosen once, when the series first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seriesKey]);
}
