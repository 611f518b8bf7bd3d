/**
 * /dicomheader (spec 1 §2: dark, global bar only; issue 21): the header of one instance in a tab
 * of its own, opened from the viewer's DICOM header dialog. The instance is named by the query
 * (`study`, `series`, `instance` UIDs) and read through the access-checked DICOMweb proxy, so a
 * study the account may not see answers 404 like any other study path, and the page says so.
 */
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { isDicomUid } from '@pacs/common';
import { isApiError } from '../../../lib/api-error.ts';
import { useDicomHeader, type InstanceKey } from '../api/get-dicom-header.ts';
import { headerRows, searchRows } from '../dicom-header.ts';
import { HeaderTable, useKeywords } from './dicom-header-dialog.tsx';
import '../viewer.css';

/** The instance the query names, or null when a UID is missing or malformed. */
function instanceOf(params: URLSearchParams): InstanceKey | null {
  const key = { StudyInstanceUID: params.get('study'), SeriesInstanceUID: params.get('series'), SOPInstanceUID: params.get('instance') };
  return Object.values(key).every(isDicomUid) ? (key as InstanceKey) : null;
}

export function DicomHeaderScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const instance = useMemo(() => instanceOf(params), [params]);
  const header = useDicomHeader(instance);
  const keywordOf = useKeywords();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const rows = useMemo(() => (header.data && keywordOf ? headerRows(header.data, keywordOf) : []), [header.data, keywordOf]);
  const shown = useMemo(() => searchRows(rows, query), [rows, query]);
  const refused = isApiError(header.error) && (header.error.status === 404 || header.error.status === 403);
  const title = intl.formatMessage({ id: 'viewer.header.title' });

  return (
    <div className="page dicom-header-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{title}</h1>
          {instance && <p className="muted dicom-header-uid">{instance.SOPInstanceUID}</p>}
        </div>
      </header>
      {!instance && <p role="alert">{intl.formatMessage({ id: 'viewer_settings.header_no_instance' })}</p>}
      {instance && refused && <p role="alert">{intl.formatMessage({ id: 'viewer_settings.header_refused' })}</p>}
      {instance && header.isError && !refused && <p role="alert">{intl.formatMessage({ id: 'viewer.header.failed' })}</p>}
      {instance && !header.isError && (
        <div className="dicom-header">
          <input
            type="search"
            className="dicom-header-search"
            placeholder={intl.formatMessage({ id: 'viewer.header.search' })}
            aria-label={intl.formatMessage({ id: 'viewer.header.search' })}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {(header.isPending || !keywordOf) && <p role="status">{intl.formatMessage({ id: 'viewer.loading' })}</p>}
          {header.data && keywordOf && (
            <p className="muted" role="status">
              {intl.formatMessage({ id: 'viewer_settings.header_count' }, { shown: shown.length, total: rows.length })}
            </p>
          )}
          <HeaderTable rows={shown} />
        </div>
      )}
    </div>
  );
}
