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
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ANONYMIZATION_KEYS, enabledAnonymization, type AnonymizationItem } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { formatFileSize } from '../../../lib/format.ts';
import { sessionStore } from '../../../state/index.ts';
import { saveFile } from '../api/download-file.ts';
import { exportPercent, useExportStudies, type ExportProgress } from '../api/export-studies.ts';
import { useAnonymization } from '../api/get-anonymization.ts';
import { exportSelection } from '../export-items.ts';
import type { StudyListStore } from '../study-list-store.ts';

const M = defineMessages({
  title: { id: 'studies.export_dialog.title' },
  what: { id: 'studies.export_dialog.what' },
  selection: { id: 'studies.export_dialog.selection' },
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

/** The anonymization items' names in the user's language (an administrator's own label as written). */
const ITEMS = defineMessages({
  PatientID: { id: 'studies.export_dialog.item.patient_id' },
  PatientName: { id: 'studies.export_dialog.item.patient_name' },
  PatientBirthDate: { id: 'studies.export_dialog.item.patient_birth_date' },
  PatientAge: { id: 'studies.export_dialog.item.patient_age' },
  PatientSex: { id: 'studies.export_dialog.item.patient_sex' },
  AccessionNumber: { id: 'studies.export_dialog.item.accession_number' },
  StudyID: { id: 'studies.export_dialog.item.study_id' },
  StudyDescription: { id: 'studies.export_dialog.item.study_description' },
  Overlay: { id: 'studies.export_dialog.item.overlay' },
} satisfies Record<(typeof ANONYMIZATION_KEYS)[number][0], MessageDescriptor>);

const DEFAULT_LABELS = new Map<string, string>(ANONYMIZATION_KEYS.map(([key, label]) => [key, label]));

function itemLabel(intl: IntlShape, item: AnonymizationItem): string {
  const message = ITEMS[item.key as keyof typeof ITEMS] as MessageDescriptor | undefined;
  return message && DEFAULT_LABELS.get(item.key) === item.label ? intl.formatMessage(message) : item.label;
}

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
  const blanked = items.filter((item) => enabledKeys.has(item.key)).map((item) => itemLabel(intl, item));
  const number = (value: number) => intl.formatNumber(value);

  const studies = store.rows.filter((row) => row.is_selected || row.series?.some((series) => series.is_selected));
  const files = studies.reduce(
    (sum, row) =>
      sum +
      (row.is_selected
        ? row.item.NumberOfStudyRelatedInstances
        : (row.series ?? [])
            .filter((series) => series.is_selected)
            .reduce((count, series) => count + series.item.NumberOfSeriesRelatedInstances, 0)),
    0,
  );

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
  const summary = intl.formatMessage(M.selection, {
    studies: selection.studies,
    series: selection.series,
    both: selection.studies > 0 && selection.series > 0 ? 'yes' : 'no',
    files,
  });

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
              {studies.slice(0, NAMED).map((row) => {
                const chosen = row.is_selected ? null : (row.series ?? []).filter((series) => series.is_selected).length;
                return (
                  <li key={row.item.StudyInstanceUID}>
                    <span className="export-patient">{formatPersonName(row.item.PatientName) || row.item.PatientID || '—'}</span>
                    <span className="muted">
                      {[row.item.StudyDescription, row.item.ModalitiesInStudy.join(', ')].filter(Boolean).join(' · ')}
                      {chosen !== null && ` · ${intl.formatMessage(M.series_of, { count: chosen, total: row.series?.length ?? 0 })}`}
                    </span>
                  </li>
                );
              })}
            </ul>
            {studies.length > NAMED && <p className="muted">{intl.formatMessage(M.more, { count: studies.length - NAMED })}</p>}
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
            <div
              className="progress"
              role="progressbar"
              aria-label={intl.formatMessage(M.progress)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="progress-bar" style={{ inlineSize: `${percent}%` }} />
            </div>
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
