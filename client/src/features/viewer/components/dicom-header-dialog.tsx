/**
 * The DICOM header of the instance on screen (spec 2 §2 "dicom header"): every attribute of its
 * DICOM JSON metadata with the keyword from dcmjs's data dictionary, searchable by tag, keyword
 * or value. The dictionary is loaded with the dialog, not with the viewer.
 */
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from '../../../components/dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDicomHeader, type InstanceKey } from '../api/get-dicom-header.ts';
import { headerRows, searchRows, type HeaderRow, type KeywordOf } from '../dicom-header.ts';

/** Keywords from dcmjs's data dictionary, loaded on first use (null until then). */
export function useKeywords(): KeywordOf | null {
  const [lookup, setLookup] = useState<KeywordOf | null>(null);
  useEffect(() => {
    let current = true;
    void import('dcmjs').then((module) => {
      const dictionary = module.default.data.DicomMetaDictionary.dictionary;
      if (current) setLookup(() => (tag: string) => dictionary[tag]?.name ?? '');
    });
    return () => {
      current = false;
    };
  }, []);
  return lookup;
}

/** The /dicomheader page of an instance, for a tab of its own (the hash route of this app). */
export function dicomHeaderHref(instance: InstanceKey): string {
  const query = new URLSearchParams({
    study: instance.StudyInstanceUID,
    series: instance.SeriesInstanceUID,
    instance: instance.SOPInstanceUID,
  });
  return `#${paths.dicomHeader.getHref()}?${query.toString()}`;
}

export function DicomHeaderDialog({ instance, onClose }: { instance: InstanceKey; onClose: () => void }) {
  const intl = useIntl();
  const header = useDicomHeader(instance);
  const keywordOf = useKeywords();
  const [query, setQuery] = useState('');
  const rows = useMemo(() => (header.data && keywordOf ? headerRows(header.data, keywordOf) : []), [header.data, keywordOf]);
  const shown = useMemo(() => searchRows(rows, query), [rows, query]);
  return (
    <Dialog title={intl.formatMessage({ id: 'viewer.header.title' })} onClose={onClose} size="large">
      <div className="dicom-header">
        <a className="button button-small dicom-header-tab" href={dicomHeaderHref(instance)} target="_blank" rel="noopener">
          {intl.formatMessage({ id: 'viewer_settings.header_open_tab' })}
        </a>
        <input
          type="search"
          className="dicom-header-search"
          placeholder={intl.formatMessage({ id: 'viewer.header.search' })}
          aria-label={intl.formatMessage({ id: 'viewer.header.search' })}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {header.isError && <p role="alert">{intl.formatMessage({ id: 'viewer.header.failed' })}</p>}
        {(header.isPending || !keywordOf) && !header.isError && <p role="status">{intl.formatMessage({ id: 'viewer.loading' })}</p>}
        <HeaderTable rows={shown} />
      </div>
    </Dialog>
  );
}

/** The header's rows as a table: tag, keyword, VR and value, sequence items indented. */
export function HeaderTable({ rows }: { rows: readonly HeaderRow[] }) {
  const intl = useIntl();
  return (
    <div className="dicom-header-table-wrap">
      <table className="table dicom-header-table">
        <thead>
          <tr>
            <th>{intl.formatMessage({ id: 'viewer.header.tag' })}</th>
            <th>{intl.formatMessage({ id: 'viewer.header.keyword' })}</th>
            <th>{intl.formatMessage({ id: 'viewer.header.vr' })}</th>
            <th>{intl.formatMessage({ id: 'viewer.header.value' })}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.tag}-${index}`} style={{ ['--depth' as string]: row.depth }}>
              <td className="dicom-header-tag">{row.tag}</td>
              <td>{row.keyword}</td>
              <td>{row.vr}</td>
              <td className="dicom-header-value">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
