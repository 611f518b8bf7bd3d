/**
 * The export dialog (spec 2 §2 toolbar `export`, needs list_export): the selected studies (whole)
 * and series as a zip of DICOM files with a DICOMDIR, which DICOM media viewers open. With
 * configs.is_visible_anonymization_option, the files can be anonymized with the configs'
 * anonymization list (GET /anonymized/all; spec 2 §9), whose enabled items the dialog names.
 * While the zip arrives a bar shows how far it got; Cancel (or closing) stops the download and the
 * server's work.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { enabledAnonymization } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { formatFileSize } from '../../../lib/format.ts';
import { sessionStore } from '../../../state/index.ts';
import { saveFile } from '../api/download-file.ts';
import { exportPercent, useExportStudies, type ExportProgress } from '../api/export-studies.ts';
import { useAnonymization } from '../api/get-anonymization.ts';
import { anonymizationItemName } from '../anonymization-names.ts';
import { exportSelection } from '../export-items.ts';
import type { StudyListStore } from '../study-list-store.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';

const M = defineMessages({
  title: { id: 'studies.export_dialog.title' },
  what: { id: 'studies.export_dialog.what' },
  selection: { id: 'studies.export_dialog.selection' },
  count_studies: { id: 'studies.export_dialog.count_studies' },
  count_series: { id: 'studies.export_dialog.count_series' },
  count_instances: { id: 'studies.export_dialog.count_instances' },
  nothing: { id: 'studies.export_dialog.nothing' },
  more: { id: 'studies.export_dialog.more' },
  anonymize: { id: 'studies.export_dialog.anonymize' },
  blanked: { id: 'studies.export_dialog.blanked' },
  none_enabled: { id: 'studies.export_dialog.none_enabled' },
  export: { id: 'studies.export_dialog.export' },
  exporting: { id: 'studies.export_dialog.exporting' },
  progress: { id: 'studies.export_dialog.progress' },
  received: { id: 'studies.export_dialog.received' },
  cancelled: { id: 'studies.export_dialog.cancelled' },
  series_of: { id: 'studies.export_dialog.series_of' },
});

/** At most this many selected studies are named; the rest are counted. */
const NAMED = 6;

export interface ExportDialogProps {
  store: StudyListStore;
  onClose: () => void;
}

export const ExportDialog = observer(function ExportDialog({ store, onClose }: ExportDialogProps) {
  const intl = useIntl();
  const id = useId();
  const selection = exportSelection(store.rows);
  const optionVisible = sessionStore.configs?.is_visible_anonymization_option ?? false;
  const anonymization = useAnonymization(optionVisible);
  const [anonymize, setAnonymize] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const download = useExportStudies((file) => {
    saveFile(file.blob, file.fileName);
    onClose();
  });
  // Closing the dialog mid-way stops the download too.
  useEffect(() => () => controller.current?.abort(), []);

  const items = anonymization.data ?? [];
  const enabledKeys = new Set<string>(enabledAnonymization(items));
  const blanked = items.filter((item) => enabledKeys.has(item.key)).map((item) => anonymizationItemName(intl, item));
  const number = (value: number) => intl.formatNumber(value);

  const submit = () => {
    if (selection.items.length === 0) return;
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    setCancelled(false);
    setProgress(null);
    download.mutate({
      request: { Items: selection.items, Anonymize: optionVisible && anonymize },
      signal: next.signal,
      onProgress: setProgress,
    });
  };
  const cancel = () => {
    if (!download.isPending) {
      onClose();
      return;
    }
    controller.current?.abort();
    setCancelled(true);
    setProgress(null);
  };
  const percent = progress ? exportPercent(progress) : 0;
  const parts = [
    selection.studies > 0 && intl.formatMessage(M.count_studies, { count: selection.studies }),
    selection.series > 0 && intl.formatMessage(M.count_series, { count: selection.series }),
    selection.instances > 0 && intl.formatMessage(M.count_instances, { count: selection.instances }),
  ].filter((part): part is string => typeof part === 'string');
  const summary = intl.formatMessage(M.selection, { what: intl.formatList(parts, { type: 'conjunction' }), files: selection.files });

  return (
    <Dialog
      title={intl.formatMessage(M.title)}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={cancel}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="button button-primary"
            disabled={download.isPending || selection.items.length === 0}
          >
            {intl.formatMessage(download.isPending ? M.exporting : M.export)}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="form export-form"
        aria-busy={download.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="muted export-what">{intl.formatMessage(M.what)}</p>
        {selection.items.length === 0 ? (
          <p className="export-warning">{intl.formatMessage(M.nothing)}</p>
        ) : (
          <section className="export-selection" aria-label={summary}>
            <p className="export-summary">{summary}</p>
            <ul className="export-studies">
              {selection.rows.slice(0, NAMED).map(({ study: row, whole, series, instances }) => {
                const chosen = [
                  !whole && series > 0 && intl.formatMessage(M.series_of, { count: series, total: row.series?.length ?? 0 }),
                  !whole && instances > 0 && intl.formatMessage(M.count_instances, { count: instances }),
                ].filter((part): part is string => typeof part === 'string');
                return (
                  <li key={row.item.StudyInstanceUID}>
                    <span className="export-patient">
                      {formatPersonName(row.item.PatientName, sessionStore.nameForm) || row.item.PatientID || '—'}
                    </span>
                    <span className="muted">
                      {[row.item.StudyDescription, row.item.ModalitiesInStudy.join(', '), ...chosen].filter(Boolean).join(' · ')}
                    </span>
                  </li>
                );
              })}
            </ul>
            {selection.rows.length > NAMED && (
              <p className="muted">{intl.formatMessage(M.more, { count: selection.rows.length - NAMED })}</p>
            )}
          </section>
        )}
        {optionVisible && (
          <fieldset className="fieldset export-anonymize" disabled={download.isPending}>
            <label className="field-checkbox">
              <input type="checkbox" checked={anonymize} onChange={(event) => setAnonymize(event.target.checked)} />
              {intl.formatMessage(M.anonymize)}
            </label>
            <p className="field-hint">
              {anonymization.isPending
                ? '…'
                : blanked.length > 0
                  ? intl.formatMessage(M.blanked, { items: blanked.join(', ') })
                  : intl.formatMessage(M.none_enabled)}
            </p>
          </fieldset>
        )}
        {download.isPending && (
          <div className="export-progress" role="status">
            <div className="export-progress-text">
              {progress
                ? intl.formatMessage(M.received, {
                    files: number(progress.instances),
                    received: formatFileSize(progress.received),
                    expected: formatFileSize(progress.expected),
                    percent,
                  })
                : intl.formatMessage(M.exporting)}
            </div>
            <ProgressBar percent={percent} label={intl.formatMessage(M.progress)} />
          </div>
        )}
        {cancelled && !download.isPending && (
          <p className="export-warning" role="status">
            {intl.formatMessage(M.cancelled)}
          </p>
        )}
      </form>
    </Dialog>
  );
});
