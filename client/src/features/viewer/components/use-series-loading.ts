/**
 * The study viewer's start of Cornerstone (while the study's lists are on their way) and the
 * download state of each series, for the thumbnails.
 */
import { useCallback, useEffect, useState } from 'react';
import { initCornerstone } from '../../../viewer/cornerstone-init.ts';
import { viewportService, type SeriesLoadStatus } from '../../../viewer/viewport-service.ts';

export function useSeriesLoading() {
  // Cornerstone (workers, tools, the WebGL rendering engine) starts while the lists are on their way.
  useEffect(() => void initCornerstone().then(() => viewportService.renderingEngine()), []);
  const [seriesStatus, setSeriesStatus] = useState<Record<string, SeriesLoadStatus>>({});
  const onSeriesStatus = useCallback((uid: string, status: SeriesLoadStatus) => {
    setSeriesStatus((current) => (current[uid] === status ? current : { ...current, [uid]: status }));
  }, []);
  return { seriesStatus, onSeriesStatus };
}
