/**
 * One thumbnail per series (modality, series number, description, instance count). Click loads
 * the series into the active viewport; a thumbnail can also be dragged onto any viewport. With a
 * double-click action of its own (`onDoubleOpen`), a click waits 350 ms to see whether a second
 * one follows, so that a double click does not first replace the active viewport's series. The
 * picture is the archive's rendering of the series' middle instance; when the archive cannot
 * render it, the tile shows the modality instead.
 */
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { API_BASE, DOUBLE_TAP_MS } from '@pacs/common';
import { seriesLoader } from '../../../viewer/loading/series-loader.ts';
import { useInstances } from '../../studies/index.ts';
import type { SeriesLoadStatus } from '../../../viewer/viewport-service.ts';
import { formatDicomDate } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import type { ViewerSeries, ViewerStudy } from '../types.ts';

/** Thumbnails wait for the first image at most this long. */
const THUMBNAIL_WAIT_MS = 2000;

/** The drag-and-drop type that carries a SeriesInstanceUID onto a viewport. */
export const SERIES_DRAG_TYPE = 'application/x-pacs-series';

/**
 * The rendered picture as an object URL. Fetched rather than put in `<img src>` because Orthanc
 * answers 400 to the Accept header browsers send for images (it names formats it cannot make).
 */
function useRenderedImage(url: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let created: string | null = null;
    seriesLoader
      .afterFirstImage(THUMBNAIL_WAIT_MS)
      .then(() => fetch(url, { headers: { Accept: 'image/jpeg' }, credentials: 'same-origin', signal: controller.signal }))
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(null);
    };
  }, [url]);
  return objectUrl;
}

function ThumbnailImage({ series }: { series: ViewerSeries }) {
  const instances = useInstances(series.SeriesInstanceUID);
  const list = instances.data ?? [];
  const middle = list[Math.floor(list.length / 2)];
  const url = middle
    ? `${API_BASE}/dicom-web/studies/${middle.StudyInstanceUID}/series/${middle.SeriesInstanceUID}/instances/${middle.SOPInstanceUID}/rendered`
    : null;
  const src = useRenderedImage(url);
  if (!src) return <span className="thumbnail-placeholder">{series.Modality ?? ''}</span>;
  return <img className="thumbnail-image" src={src} alt="" draggable={false} />;
}

export interface SeriesThumbnailsProps {
  series: readonly ViewerSeries[];
  loading: boolean;
  /** SeriesInstanceUID per viewport cell, to mark the series on screen. */
  shown: readonly (string | null)[];
  /** Download state of the series opened so far (spec 2 §4: loading, loaded or failed). */
  status: Readonly<Record<string, SeriesLoadStatus>>;
  onOpen: (seriesUid: string) => void;
  /** A double click (the user's `thumbnailbar.double_click`: replace the active cell's series, or add it to the grid). */
  onDoubleOpen?: (seriesUid: string) => void;
  /** Compared studies of the same patient: their series follow under a heading per study. */
  compared?: readonly { study: ViewerStudy; series: readonly ViewerSeries[] }[];
}

const STATUS_MESSAGES = defineMessages({
  loading: { id: 'viewer.thumbnail_status.loading' },
  loaded: { id: 'viewer.thumbnail_status.loaded' },
  failed: { id: 'viewer.thumbnail_status.failed' },
});

export function SeriesThumbnails({ series, loading, shown, status, onOpen, onDoubleOpen, compared = [] }: SeriesThumbnailsProps) {
  const intl = useIntl();
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pending.current), []);
  const click = (uid: string, detail: number) => {
    // detail 0: Enter or Space on the focused tile, never half of a double click.
    if (!onDoubleOpen || detail === 0) return onOpen(uid);
    window.clearTimeout(pending.current);
    if (detail === 1) pending.current = window.setTimeout(() => onOpen(uid), DOUBLE_TAP_MS);
  };
  const doubleClick = (uid: string) => {
    window.clearTimeout(pending.current);
    onDoubleOpen?.(uid);
  };
  const tile = (item: ViewerSeries) => (
    <li key={item.SeriesInstanceUID}>
      <button
        type="button"
        className="thumbnail"
        data-status={status[item.SeriesInstanceUID]}
        aria-current={shown.includes(item.SeriesInstanceUID) ? 'true' : undefined}
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(SERIES_DRAG_TYPE, item.SeriesInstanceUID);
          event.dataTransfer.effectAllowed = 'copy';
        }}
        onClick={(event) => click(item.SeriesInstanceUID, event.detail)}
        onDoubleClick={() => doubleClick(item.SeriesInstanceUID)}
      >
        <span className="thumbnail-frame">
          <ThumbnailImage series={item} />
        </span>
        <span className="thumbnail-caption">
          <span className="thumbnail-line">
            <strong>{item.Modality}</strong> {intl.formatMessage({ id: 'viewer.series_number' }, { number: item.SeriesNumber ?? '-' })}
          </span>
          <span className="thumbnail-line thumbnail-description">{item.SeriesDescription}</span>
          <span className="thumbnail-line">
            {intl.formatMessage({ id: 'viewer.image_count' }, { count: item.NumberOfSeriesRelatedInstances })}
          </span>
          {status[item.SeriesInstanceUID] && (
            <span className={`thumbnail-line thumbnail-status thumbnail-${status[item.SeriesInstanceUID]}`}>
              {intl.formatMessage(STATUS_MESSAGES[status[item.SeriesInstanceUID] as SeriesLoadStatus])}
            </span>
          )}
        </span>
      </button>
    </li>
  );
  return (
    <nav className="viewer-thumbnails" aria-label={intl.formatMessage({ id: 'viewer.series_list' })} aria-busy={loading}>
      <ul>{series.map(tile)}</ul>
      {compared.map(({ study, series: list }) => (
        <section key={study.StudyInstanceUID} className="thumbnail-study" data-study={study.StudyInstanceUID}>
          <h2 className="thumbnail-study-heading">
            {intl.formatMessage(
              { id: 'viewer.compare.heading' },
              { date: formatDicomDate(study.StudyDate, sessionStore.displayFormat.dateFormat), description: study.StudyDescription || '-' },
            )}
          </h2>
          <ul>{list.map(tile)}</ul>
        </section>
      ))}
    </nav>
  );
}
