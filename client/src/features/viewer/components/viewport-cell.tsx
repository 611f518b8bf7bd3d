/**
 * One cell of the series grid: the stack viewport(s) of a series (several when the image grid
 * splits the cell, each a few images further), the overlay corners the user's settings describe,
 * and the messages for loading, empty cells and images that cannot be displayed. Clicking makes
 * the cell active; a double click or double tap maximises it; a series thumbnail dropped on it
 * loads that series here. Once the first image shows, the whole series is fetched in the
 * background (its thumbnail shows loading, loaded or failed).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { overlayFor, type OverlayItem, type OverlayPosition } from '@pacs/common';
import { CornerstoneViewport } from '../../../viewer/cornerstone-viewport.tsx';
import { attributeOf } from '../../../viewer/dicom-values.ts';
import { imageIdsForInstances } from '../../../viewer/loading/image-ids.ts';
import { TouchTapTracker } from '../../../viewer/interaction.ts';
import { layoutOf, type LayoutKey } from '../../../viewer/layouts.ts';
import { describeTransferSyntax } from '../../../viewer/transfer-syntax.ts';
import { viewportService, type SeriesLoadStatus, type ViewportState } from '../../../viewer/viewport-service.ts';
import { useInstances } from '../../studies/index.ts';
import { formatDicomDate, formatDicomTime, formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import type { ViewerSeries, ViewerStudy } from '../types.ts';
import { NonImageView } from './non-image-view.tsx';
import { SERIES_DRAG_TYPE } from './series-thumbnails.tsx';
import '../viewport.css';

/** The id of a cell's viewport; `sub` > 0 for the further viewports of an image grid. */
export function viewportIdOf(cell: number, sub = 0): string {
  return sub === 0 ? `viewport-${cell}` : `viewport-${cell}-${sub}`;
}

export interface ViewportCellProps {
  cell: number;
  active: boolean;
  study: ViewerStudy | undefined;
  series: ViewerSeries | null;
  imageLayout: LayoutKey;
  overlay: readonly OverlayItem[];
  overlayVisible: boolean;
  /** Whether an image (by id) is a key image. */
  isKeyImage: (imageId: string | null) => boolean;
  hidden: boolean;
  onActivate: () => void;
  onDropSeries: (seriesUid: string) => void;
  onToggleMaximise: () => void;
  onSeriesStatus: (seriesUid: string, status: SeriesLoadStatus) => void;
}

/** Slice thickness and location: two decimals, in the interface language's digits. */
const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false } as const;

const CORNERS: Record<OverlayPosition, string> = {
  tl: 'overlay-top-start',
  tr: 'overlay-top-end',
  bl: 'overlay-bottom-start',
  br: 'overlay-bottom-end',
};

interface OverlayProps {
  state: ViewportState;
  study: ViewerStudy | undefined;
  series: ViewerSeries;
  items: readonly OverlayItem[];
  keyImage: boolean;
}

function OverlayValue({ item, state, study, series }: { item: OverlayItem } & Omit<OverlayProps, 'items' | 'keyImage'>) {
  const intl = useIntl();
  const fromFile = (keyword: string) => attributeOf(state.imageId, keyword);
  switch (item.key) {
    case 'InstanceNumber':
      return state.index >= 0 ? (
        <span className="overlay-image-index">
          {intl.formatMessage({ id: 'viewer.image_position' }, { index: state.index + 1, count: state.count })}
        </span>
      ) : null;
    case 'WindowLevel':
      return state.window ? (
        <span className="overlay-window">
          {intl.formatMessage(
            { id: 'viewer.window_level' },
            { width: Math.round(state.window.width), center: Math.round(state.window.center) },
          )}
        </span>
      ) : null;
    case 'Zoom':
      return state.status === 'ready' ? (
        <span className="overlay-zoom">{intl.formatMessage({ id: 'viewer.zoom' }, { percent: Math.round(state.zoom * 100) })}</span>
      ) : null;
    case 'PatientName':
      return <span>{formatPersonName(study?.PatientName ?? fromFile('PatientName'), sessionStore.nameForm)}</span>;
    case 'PatientID':
      return <span>{study?.PatientID ?? fromFile('PatientID')}</span>;
    case 'StudyDescription':
      return <span>{study?.StudyDescription ?? fromFile('StudyDescription')}</span>;
    case 'StudyDate':
    case 'PatientBirthDate':
    case 'AcquisitionDate':
    case 'ContentDate':
      return (
        <span>
          {formatDicomDate(
            item.key === 'StudyDate' ? (study?.StudyDate ?? fromFile('StudyDate')) : fromFile(item.key),
            sessionStore.displayFormat.dateFormat,
          )}
        </span>
      );
    case 'StudyTime':
    case 'SeriesTime':
    case 'AcquisitionTime':
    case 'ContentTime':
      return <span>{formatDicomTime(fromFile(item.key))}</span>;
    case 'SeriesNumber':
      return (
        <span>
          {intl.formatMessage({ id: 'viewer.series_number' }, { number: series.SeriesNumber ?? '-' })} {series.SeriesDescription}
        </span>
      );
    case 'Modality':
      return <span>{series.Modality ?? fromFile('Modality')}</span>;
    case 'SliceThickness': {
      const value = fromFile('SliceThickness');
      return value ? (
        <span>{intl.formatMessage({ id: 'viewer.slice_thickness' }, { value: intl.formatNumber(Number(value), TWO_DECIMALS) })}</span>
      ) : null;
    }
    case 'SliceLocation': {
      const value = fromFile('SliceLocation');
      return value ? (
        <span>{intl.formatMessage({ id: 'viewer.slice_location' }, { value: intl.formatNumber(Number(value), TWO_DECIMALS) })}</span>
      ) : null;
    }
    default: {
      const value = fromFile(item.key);
      return value ? <span>{value}</span> : null;
    }
  }
}

function Overlay({ state, study, series, items, keyImage }: OverlayProps) {
  const intl = useIntl();
  return (
    <div className="viewport-overlay" aria-hidden={state.status !== 'ready'}>
      {(Object.keys(CORNERS) as OverlayPosition[]).map((position) => (
        <div key={position} className={`overlay-corner ${CORNERS[position]}`}>
          {overlayFor(items, series?.Modality)
            .filter((item) => item.position === position && item.is_visible)
            .map((item) => (
              <OverlayValue key={item.key} item={item} state={state} study={study} series={series} />
            ))}
          {position === 'tr' && keyImage && <span className="overlay-key-image">{intl.formatMessage({ id: 'viewer.key_image' })}</span>}
        </div>
      ))}
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
  const cannotDisplay = (
    <p className="viewport-message viewport-error" role="alert">
      {state.failedTransferSyntax
        ? intl.formatMessage({ id: 'viewer.cannot_display_syntax' }, { syntax: describeTransferSyntax(state.failedTransferSyntax) })
        : intl.formatMessage({ id: 'viewer.cannot_display' })}
    </p>
  );
  // An SR, a waveform or an object without pixel data is not an undecodable image: its file says what it is.
  return state.failedImageId ? <NonImageView imageId={state.failedImageId} fallback={cannotDisplay} /> : cannotDisplay;
}

export function ViewportCell(props: ViewportCellProps) {
  const { cell, active, series, imageLayout, hidden, onActivate, onDropSeries, onToggleMaximise, onSeriesStatus } = props;
  const intl = useIntl();
  const seriesUid = series?.SeriesInstanceUID ?? null;
  const instances = useInstances(seriesUid);
  const imageIds = useMemo(() => imageIdsForInstances(instances.data ?? []), [instances.data]);
  const [dragOver, setDragOver] = useState(false);
  const [firstReady, setFirstReady] = useState(false);
  const taps = useRef(new TouchTapTracker());
  const lastPointer = useRef('mouse');
  const grid = layoutOf(imageLayout);
  const subCount = grid.rows * grid.columns;

  // The whole series in the background once its first image shows.
  useEffect(() => {
    if (!firstReady || !seriesUid || imageIds.length < 2) return;
    let current = true;
    onSeriesStatus(seriesUid, 'loading');
    void viewportService.prefetch(imageIds).then((status) => current && onSeriesStatus(seriesUid, status));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstReady, seriesUid, imageIds]);

  const classes = ['viewport-cell', active ? 'is-active' : '', dragOver ? 'is-drop-target' : '', hidden ? 'is-hidden' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <section
      className={classes}
      aria-label={intl.formatMessage({ id: 'viewer.viewport' }, { number: cell + 1 })}
      data-cell={cell}
      onPointerDownCapture={(event) => {
        lastPointer.current = event.pointerType;
        if (event.pointerType === 'touch') taps.current.pointerDown(event.pointerId, event.clientX, event.clientY);
        onActivate();
      }}
      onDoubleClick={() => {
        // Browsers also turn a double tap into a double click: the tap detector has handled it.
        if (lastPointer.current !== 'touch') onToggleMaximise();
      }}
      onPointerUpCapture={(event) => {
        if (event.pointerType !== 'touch') return;
        if (taps.current.pointerUp(event.pointerId, event.clientX, event.clientY, event.timeStamp)) onToggleMaximise();
      }}
      onPointerCancelCapture={(event) => taps.current.pointerCancel(event.pointerId)}
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
        <div
          className="image-grid"
          style={{ gridTemplateColumns: `repeat(${grid.columns}, 1fr)`, gridTemplateRows: `repeat(${grid.rows}, 1fr)` }}
        >
          {Array.from({ length: subCount }, (_, sub) => (
            <div key={`${imageLayout}-${sub}`} className="image-grid-item" data-sub={sub}>
              <CornerstoneViewport viewportId={viewportIdOf(cell, sub)} imageIds={imageIds} initialIndex={sub}>
                {(state) => (
                  <SubViewport
                    {...props}
                    series={series}
                    sub={sub}
                    subCount={subCount}
                    state={state}
                    instancesFailed={instances.isError}
                    onFirstReady={() => setFirstReady(true)}
                  />
                )}
              </CornerstoneViewport>
            </div>
          ))}
        </div>
      ) : (
        <p className="viewport-message">{intl.formatMessage({ id: 'viewer.empty_cell' })}</p>
      )}
    </section>
  );
}

interface SubViewportProps extends ViewportCellProps {
  series: ViewerSeries;
  sub: number;
  subCount: number;
  state: ViewportState;
  instancesFailed: boolean;
  onFirstReady: () => void;
}

/** What is drawn over one viewport; the first viewport of an image grid leads the others. */
function SubViewport({
  cell,
  sub,
  subCount,
  state,
  study,
  series,
  overlay,
  overlayVisible,
  isKeyImage,
  instancesFailed,
  onFirstReady,
}: SubViewportProps) {
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready && sub === 0) onFirstReady();
  }, [ready, sub, onFirstReady]);
  // The image grid shows consecutive images: the others follow the first viewport's index.
  useEffect(() => {
    if (sub !== 0 || !ready || subCount < 2) return;
    for (let other = 1; other < subCount; other++) void viewportService.showImage(viewportIdOf(cell, other), state.index + other);
  }, [sub, ready, subCount, cell, state.index]);
  return (
    <>
      {overlayVisible && <Overlay state={state} study={study} series={series} items={overlay} keyImage={isKeyImage(state.imageId)} />}
      <Message state={state} instancesFailed={instancesFailed} />
    </>
  );
}
