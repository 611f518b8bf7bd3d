/**
 * One cell of the viewport grid: the stack viewport of a series with its overlay corners
 * (patient, study date, series, image n/N, window and zoom) and the messages for loading, empty
 * cells and images that cannot be displayed. Clicking makes the cell active; a series thumbnail
 * dropped on it loads that series here.
 */
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { CornerstoneViewport } from '../../../viewer/cornerstone-viewport.tsx';
import { imageIdsForInstances } from '../../../viewer/image-ids.ts';
import { describeTransferSyntax } from '../../../viewer/transfer-syntax.ts';
import type { ViewportState } from '../../../viewer/viewport-service.ts';
import { useInstances } from '../api/get-instances.ts';
import { formatDicomDate, formatPersonName } from '../format.ts';
import type { ViewerSeries, ViewerStudy } from '../types.ts';
import { SERIES_DRAG_TYPE } from './series-thumbnails.tsx';

export function viewportIdOf(cell: number): string {
  return `viewport-${cell}`;
}

export interface ViewportCellProps {
  cell: number;
  active: boolean;
  study: ViewerStudy | undefined;
  series: ViewerSeries | null;
  onActivate: () => void;
  onDropSeries: (seriesUid: string) => void;
}

function Overlay({ state, study, series }: { state: ViewportState; study: ViewerStudy | undefined; series: ViewerSeries }) {
  const intl = useIntl();
  return (
    <div className="viewport-overlay" aria-hidden={state.status !== 'ready'}>
      <div className="overlay-corner overlay-top-start">
        <span>{formatPersonName(study?.PatientName)}</span>
        <span>{study?.PatientID}</span>
      </div>
      <div className="overlay-corner overlay-top-end">
        <span>{formatDicomDate(study?.StudyDate)}</span>
        <span>{study?.StudyDescription}</span>
      </div>
      <div className="overlay-corner overlay-bottom-start">
        <span>
          {intl.formatMessage({ id: 'viewer.series_number' }, { number: series.SeriesNumber ?? '-' })} {series.SeriesDescription}
        </span>
        {state.index >= 0 && (
          <span className="overlay-image-index">
            {intl.formatMessage({ id: 'viewer.image_position' }, { index: state.index + 1, count: state.count })}
          </span>
        )}
      </div>
      <div className="overlay-corner overlay-bottom-end">
        {state.window && (
          <span className="overlay-window">
            {intl.formatMessage(
              { id: 'viewer.window_level' },
              { width: Math.round(state.window.width), center: Math.round(state.window.center) },
            )}
          </span>
        )}
        {state.status === 'ready' && (
          <span className="overlay-zoom">{intl.formatMessage({ id: 'viewer.zoom' }, { percent: Math.round(state.zoom * 100) })}</span>
        )}
      </div>
    </div>
  );
}

function Message({ state, instancesFailed }: { state: ViewportState; instancesFailed: boolean }) {
  const intl = useIntl();
  if (instancesFailed) {
    return (
      <p className="viewport-message viewport-error" role="alert">
        {intl.formatMessage({ id: 'viewer.load_failed' })}
      </p>
    );
  }
  if (state.status === 'loading' || state.status === 'empty') {
    return (
      <p className="viewport-message" role="status">
        {intl.formatMessage({ id: 'viewer.loading' })}
      </p>
    );
  }
  if (state.status !== 'failed') return null;
  return (
    <p className="viewport-message viewport-error" role="alert">
      {state.failedTransferSyntax
        ? intl.formatMessage({ id: 'viewer.cannot_display_syntax' }, { syntax: describeTransferSyntax(state.failedTransferSyntax) })
        : intl.formatMessage({ id: 'viewer.cannot_display' })}
    </p>
  );
}

export function ViewportCell({ cell, active, study, series, onActivate, onDropSeries }: ViewportCellProps) {
  const intl = useIntl();
  const instances = useInstances(series?.SeriesInstanceUID ?? null);
  const imageIds = useMemo(() => imageIdsForInstances(instances.data ?? []), [instances.data]);
  const [dragOver, setDragOver] = useState(false);
  const classes = ['viewport-cell', active ? 'is-active' : '', dragOver ? 'is-drop-target' : ''].filter(Boolean).join(' ');
  return (
    <section
      className={classes}
      aria-label={intl.formatMessage({ id: 'viewer.viewport' }, { number: cell + 1 })}
      data-cell={cell}
      onPointerDownCapture={onActivate}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(SERIES_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragOver(true);
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={(event) => {
        setDragOver(false);
        const uid = event.dataTransfer.getData(SERIES_DRAG_TYPE);
        if (!uid) return;
        event.preventDefault();
        onDropSeries(uid);
      }}
    >
      {series ? (
        <CornerstoneViewport viewportId={viewportIdOf(cell)} imageIds={imageIds}>
          {(state) => (
            <>
              <Overlay state={state} study={study} series={series} />
              <Message state={state} instancesFailed={instances.isError} />
            </>
          )}
        </CornerstoneViewport>
      ) : (
        <p className="viewport-message">{intl.formatMessage({ id: 'viewer.empty_cell' })}</p>
      )}
    </section>
  );
}
