/**
 * The image viewer (`#/viewer?studyinstanceuid=…`, dark theme): the study header, a small
 * toolbar (layout, CT presets, reset), the series thumbnails and a grid of stack viewports.
 */
import { useEffect, useReducer } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { viewportService } from '../../../viewer/viewport-service.ts';
import { layoutOf } from '../../../viewer/layouts.ts';
import { useSeries } from '../api/get-series.ts';
import { useStudy } from '../api/get-study.ts';
import { INITIAL_VIEWER_STATE, viewerReducer } from '../viewer-state.ts';
import { SeriesThumbnails } from './series-thumbnails.tsx';
import { StudyHeader } from './study-header.tsx';
import { ViewerToolbar } from './viewer-toolbar.tsx';
import { ViewportCell, viewportIdOf } from './viewport-cell.tsx';

export function ViewerScreen() {
  const [params] = useSearchParams();
  const studyUid = params.get('studyinstanceuid') ?? '';
  // Another study starts from a clean grid.
  return <StudyViewer key={studyUid} studyUid={studyUid} />;
}

function StudyViewer({ studyUid }: { studyUid: string }) {
  const study = useStudy(studyUid);
  const series = useSeries(studyUid);
  const [state, dispatch] = useReducer(viewerReducer, INITIAL_VIEWER_STATE);
  const seriesList = series.data ?? [];
  const seriesUids = seriesList.map((item) => item.SeriesInstanceUID);
  const seriesKey = seriesUids.join(',');

  useEffect(() => {
    if (seriesKey) dispatch({ type: 'series_loaded', seriesUids: seriesKey.split(',') });
  }, [seriesKey]);

  if (!studyUid) {
    return (
      <div className="viewer viewer-empty">
        <p className="viewer-message">
          <FormattedMessage id="viewer.no_study" />
        </p>
      </div>
    );
  }

  const layout = layoutOf(state.layout);
  const activeViewportId = viewportIdOf(state.active);
  return (
    <div className="viewer">
      <StudyHeader study={study.data} />
      <ViewerToolbar
        layout={state.layout}
        onLayout={(key) => dispatch({ type: 'set_layout', layout: key, seriesUids })}
        onPreset={(preset) => viewportService.setWindow(activeViewportId, preset)}
        onReset={() => viewportService.reset(activeViewportId)}
      />
      <div className="viewer-body">
        <SeriesThumbnails
          series={seriesList}
          loading={series.isPending}
          shown={state.cells}
          onOpen={(seriesUid) => dispatch({ type: 'show_series', cell: state.active, seriesUid })}
        />
        <div
          className="viewport-grid"
          style={{ gridTemplateColumns: `repeat(${layout.columns}, 1fr)`, gridTemplateRows: `repeat(${layout.rows}, 1fr)` }}
        >
          {state.cells.map((seriesUid, cell) => (
            <ViewportCell
              key={cell}
              cell={cell}
              active={cell === state.active}
              study={study.data}
              series={seriesList.find((item) => item.SeriesInstanceUID === seriesUid) ?? null}
              onActivate={() => dispatch({ type: 'activate', cell })}
              onDropSeries={(uid) => dispatch({ type: 'show_series', cell, seriesUid: uid })}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
