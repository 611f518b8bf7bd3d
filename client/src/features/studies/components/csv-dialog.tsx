/**
 * The csv dialog (spec 2 §2 toolbar `csv`, needs list_csv): the selected studies or the whole
 * current search as a CSV file, with the columns and header of the user's settings
 * (list.fields.csv, list.csv.has_header; the server reads them) and column titles as this
 * screen shows them. The file holds at most CSV_ROW_LIMIT rows; the dialog says so before and,
 * when the bound cut the result, after the download.
 */
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { CSV_ROW_LIMIT, defaultSettings } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { columnLabel } from '../../../i18n/default-labels.ts';
import { sessionStore } from '../../../state/index.ts';
import { saveFile } from '../api/download-file.ts';
import { useDownloadStudiesCsv, type StudyCsvFile } from '../api/download-studies-csv.ts';
import { hiddenStudyColumns, visibleColumns } from '../columns.ts';
import { buildSearchParams } from '../search-query.ts';
import type { StudyListStore } from '../study-list-store.ts';

const M = defineMessages({
  title: { id: 'studies.csv_dialog.title' },
  rows: { id: 'studies.csv_dialog.rows' },
  selected: { id: 'studies.csv_dialog.selected' },
  search: { id: 'studies.csv_dialog.search' },
  bound: { id: 'studies.csv_dialog.bound' },
  over_bound: { id: 'studies.csv_dialog.over_bound' },
  columns: { id: 'studies.csv_dialog.columns' },
  no_columns: { id: 'studies.csv_dialog.no_columns' },
  download: { id: 'studies.csv_dialog.download' },
  downloading: { id: 'studies.csv_dialog.downloading' },
  truncated: { id: 'studies.csv_dialog.truncated' },
});

type Scope = 'selected' | 'search';

export interface CsvDialogProps {
  store: StudyListStore;
  onClose: () => void;
}

export const CsvDialog = observer(function CsvDialog({ store, onClose }: CsvDialogProps) {
  const intl = useIntl();
  const id = useId();
  const selected = store.selectedStudies;
  const [scope, setScope] = useState<Scope>(selected.length > 0 ? 'selected' : 'search');
  const [cut, setCut] = useState<StudyCsvFile | null>(null);
  const download = useDownloadStudiesCsv((file) => {
    saveFile(file.blob, file.fileName);
    // A file cut by the bound is worth a word before the dialog goes; otherwise it is done.
    if (file.truncated) setCut(file);
    else onClose();
  });

  const hidden = hiddenStudyColumns(sessionStore.edition, sessionStore.account?.Teleradiology ?? null);
  const list = (sessionStore.settings ?? defaultSettings()).list;
  const columns = visibleColumns(list.fields.csv, hidden);
  const hasHeader = list.csv.has_header;
  const number = (value: number) => intl.formatNumber(value);

  const submit = () => {
    setCut(null);
    const titles = Object.fromEntries(columns.map((column) => [column.key, columnLabel(intl, column)]));
    const search = buildSearchParams(store.filters, store.order, 0, 0);
    download.mutate(
      scope === 'selected'
        ? { search, UIDs: selected.map((study) => study.item.StudyInstanceUID), Titles: titles }
        : { search, Titles: titles },
    );
  };

  return (
    <Dialog
      title={intl.formatMessage(M.title)}
      onClose={onClose}
      size="small"
      footer={
        cut ? (
          <button type="button" className="button button-primary" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
        ) : (
          <FormDialogFooter
            formId={`${id}-form`}
            onCancel={onClose}
            disabled={download.isPending || columns.length === 0}
            submitLabel={intl.formatMessage(download.isPending ? M.downloading : M.download)}
          />
        )
      }
    >
      <form
        id={`${id}-form`}
        className="form csv-form"
        aria-busy={download.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="fieldset" disabled={download.isPending}>
          <legend>{intl.formatMessage(M.rows)}</legend>
          <div className="csv-scope" role="radiogroup">
            <label className="field-checkbox">
              <input
                type="radio"
                name={`${id}-scope`}
                value="selected"
                checked={scope === 'selected'}
                disabled={selected.length === 0}
                onChange={() => setScope('selected')}
              />
              {intl.formatMessage(M.selected, { count: selected.length, number: number(selected.length) })}
            </label>
            <label className="field-checkbox">
              <input type="radio" name={`${id}-scope`} value="search" checked={scope === 'search'} onChange={() => setScope('search')} />
              {intl.formatMessage(M.search, { count: store.count, number: number(store.count) })}
            </label>
          </div>
          <p className="field-hint">{intl.formatMessage(M.bound, { limit: number(CSV_ROW_LIMIT) })}</p>
          {scope === 'search' && store.count > CSV_ROW_LIMIT && (
            <p className="csv-warning">{intl.formatMessage(M.over_bound, { count: number(store.count), limit: number(CSV_ROW_LIMIT) })}</p>
          )}
        </fieldset>
        <p className="muted csv-columns">
          {columns.length > 0
            ? intl.formatMessage(M.columns, {
                header: hasHeader ? 'yes' : 'no',
                columns: columns.map((column) => columnLabel(intl, column)).join(', '),
              })
            : intl.formatMessage(M.no_columns)}
        </p>
        {cut && (
          <p className="csv-warning" role="status">
            {intl.formatMessage(M.truncated, { rows: number(cut.rows), limit: number(cut.limit) })}
          </p>
        )}
      </form>
    </Dialog>
  );
});
