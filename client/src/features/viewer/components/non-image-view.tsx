/**
 * What a viewport shows for a DICOM object that has no image (its file read with dcmjs, loaded
 * with this view, not with the viewer): a structured report's content tree as text, a waveform's
 * channels as traces on ECG paper, an encapsulated document (a PDF drawn page by page), or the header of an object without pixel data. An image whose
 * pixels could not be decoded gets `fallback` (the message naming the transfer syntax).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../../lib/api-error.ts';
import { refOfImageId, wadoUri } from '../../../viewer/loading/image-ids.ts';
import { fileFromDicomweb, noteWholeFileStatus, wholeFilesRefused } from '../../../viewer/loading/dicomweb-file.ts';
import type { NonImageObject, SrItem, WaveformGroup } from '../../../viewer/non-image.ts';
import { ECG_MM_PER_MILLIVOLT, ECG_MM_PER_SECOND, tracePoints } from '../../../viewer/waveform-trace.ts';
import { headerRows } from '../dicom-header.ts';
import { HeaderTable, useKeywords } from './dicom-header-dialog.tsx';
import { EncapsulatedDocumentView } from './encapsulated-document-view.tsx';

/** On-screen size of a millimetre of ECG paper. */
const PX_PER_MM = 3;
const ROW_MM = 25;

async function readObject(imageId: string): Promise<NonImageObject | null> {
  const ref = refOfImageId(imageId);
  if (!ref) return null;
  const url = wadoUri(ref);
  // A role refused whole files gets one built from metadata (dicomweb-file.ts).
  const response = wholeFilesRefused() ? null : await fetch(url, { credentials: 'same-origin' });
  if (response) noteWholeFileStatus(response.status);
  if (response && !response.ok && response.status !== 403) throw await ApiError.fromResponse(response);
  const bytes = response?.ok ? response.arrayBuffer() : fileFromDicomweb(url);
  const [{ describeDicomFile }, file] = await Promise.all([import('../../../viewer/non-image.ts'), bytes]);
  return describeDicomFile(file);
}

function useNonImageObject(imageId: string) {
  const ref = refOfImageId(imageId);
  return useQuery(
    queryOptions({
      queryKey: ['viewer', 'non-image', ref?.SOPInstanceUID ?? imageId],
      queryFn: () => readObject(imageId),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  );
}

function SrTree({ items }: { items: readonly SrItem[] }) {
  return (
    <ul className="sr-tree">
      {items.map((item, index) => (
        <li key={index} className={`sr-item sr-${item.valueType.toLowerCase()}`}>
          {item.concept && <span className="sr-concept">{item.concept}</span>}
          {item.concept && item.value && ': '}
          {item.value && <span className="sr-value">{item.value}</span>}
          {item.children.length > 0 && <SrTree items={item.children} />}
        </li>
      ))}
    </ul>
  );
}

function Waveform({ group }: { group: WaveformGroup }) {
  const intl = useIntl();
  const pattern = useId();
  const samples = group.channels[0]?.values.length ?? 0;
  const widthMm = (samples / group.samplingFrequency) * ECG_MM_PER_SECOND;
  const traces = useMemo(() => group.channels.map((channel) => tracePoints(channel, group.samplingFrequency, ROW_MM)), [group]);
  return (
    <figure className="waveform">
      <figcaption>
        {intl.formatMessage(
          { id: 'viewer.non_image.waveform_group' },
          {
            group: group.label,
            channels: group.channels.length,
            frequency: group.samplingFrequency,
            speed: ECG_MM_PER_SECOND,
            gain: ECG_MM_PER_MILLIVOLT,
          },
        )}
      </figcaption>
      <div className="waveform-rows">
        {group.channels.map((channel, index) => (
          <div key={index} className="waveform-row">
            <span className="waveform-label">
              <span>{channel.label}</span>
            </span>
            <svg
              className="waveform-trace"
              role="img"
              aria-label={channel.label}
              width={Math.ceil(widthMm * PX_PER_MM)}
              height={ROW_MM * PX_PER_MM}
              viewBox={`0 ${-ROW_MM / 2} ${widthMm} ${ROW_MM}`}
              preserveAspectRatio="none"
            >
              {index === 0 && (
                <defs>
                  <pattern id={pattern} width="5" height="5" patternUnits="userSpaceOnUse" y={-ROW_MM / 2}>
                    <path d="M 1 0 V 5 M 2 0 V 5 M 3 0 V 5 M 4 0 V 5 M 0 1 H 5 M 0 2 H 5 M 0 3 H 5 M 0 4 H 5" className="ecg-minor" />
                    <path d="M 0 0 H 5 M 0 0 V 5" className="ecg-major" />
                  </pattern>
                </defs>
              )}
              <rect x="0" y={-ROW_MM / 2} width={widthMm} height={ROW_MM} fill={`url(#${pattern})`} />
              <polyline points={traces[index]} className="waveform-line" />
            </svg>
          </div>
        ))}
      </div>
    </figure>
  );
}

function Header({ object }: { object: NonImageObject }) {
  const keywordOf = useKeywords();
  const rows = useMemo(() => (keywordOf ? headerRows(object.header, keywordOf) : []), [object.header, keywordOf]);
  return <HeaderTable rows={rows} />;
}

export function NonImageView({ imageId, fallback }: { imageId: string; fallback: ReactNode }) {
  const intl = useIntl();
  const object = useNonImageObject(imageId);
  if (object.isPending) return null;
  if (object.isError || !object.data) return fallback;
  const data = object.data;
  const title =
    data.kind === 'structured_report'
      ? intl.formatMessage({ id: 'viewer.non_image.structured_report' })
      : data.kind === 'encapsulated_document'
        ? data.title || intl.formatMessage({ id: 'viewer.non_image.encapsulated_document' })
        : data.kind === 'waveform'
          ? data.ecg
            ? intl.formatMessage({ id: 'viewer.non_image.waveform_ecg' })
            : intl.formatMessage({ id: 'viewer.non_image.waveform' })
          : intl.formatMessage({ id: 'viewer.non_image.no_pixel_data' });
  return (
    <section className={`non-image non-image-${data.kind}`} aria-label={title}>
      <h2 className="non-image-title">{title}</h2>
      {data.kind === 'structured_report' && (
        <>
          {data.title && <h3 className="sr-title">{data.title}</h3>}
          <SrTree items={data.items} />
        </>
      )}
      {data.kind === 'encapsulated_document' && (
        <EncapsulatedDocumentView document={data.document} mimeType={data.mimeType} title={data.title} />
      )}
      {data.kind === 'waveform' &&
        (data.groups.length ? (
          data.groups.map((group, index) => <Waveform key={index} group={group} />)
        ) : (
          <p>{intl.formatMessage({ id: 'viewer.non_image.no_samples' })}</p>
        ))}
      {data.kind === 'no_pixel_data' ? (
        <>
          <p className="non-image-note">{intl.formatMessage({ id: 'viewer.non_image.no_pixel_data_note' })}</p>
          <Header object={data} />
        </>
      ) : (
        <details className="non-image-header">
          <summary>{intl.formatMessage({ id: 'viewer.header.title' })}</summary>
          <Header object={data} />
        </details>
      )}
    </section>
  );
}
