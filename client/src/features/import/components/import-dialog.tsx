/**
 * Import from the browser (issue "Archive"): choose files, a folder, or drop them; the upload
 * goes in batches with a real progress bar; then one result per file and a summary. Closing
 * after something was stored waits for the server's index and asks the list to refresh.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Dialog } from '../../../components/dialog.tsx';
import { handleError } from '../../../lib/error-effects.ts';
import { formatFileSize } from '../../../lib/format.ts';
import { getStudy } from '../../studies/index.ts';
import { postImportFiles } from '../api/post-import-files.ts';
import { droppedEntries } from '../dropped-files.ts';
import type { KnownMessage, ResultRow, RowStatus } from '../import-results.ts';
import { ImportStore } from '../import-store.ts';
import { entryFor } from '../upload-plan.ts';
import { waitForIndex } from '../wait-for-index.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import '../import.css';
import { ICON_PATHS, LineIcon, type IconName } from '../../../components/icons.tsx';

/** Rows listed before a start; a chosen folder of thousands of files is summarised, not drawn. */
const LISTED_FILES = 200;

const STATUS = defineMessages<RowStatus>({
  Success: { id: 'import.status.success' },
  AlreadyStored: { id: 'import.status.already_stored' },
  Failed: { id: 'import.status.failed' },
  NotSent: { id: 'import.status.not_sent' },
});

const MESSAGES = defineMessages<KnownMessage>({
  not_dicom: { id: 'import.messages.not_dicom' },
  not_supported: { id: 'import.messages.not_supported' },
  not_found: { id: 'import.messages.not_found' },
  broken: { id: 'import.messages.broken' },
  too_large: { id: 'import.messages.too_large' },
  outside_scope: { id: 'import.messages.outside_scope' },
});

const STATUS_CLASS: Record<RowStatus, string> = {
  Success: 'is-success',
  AlreadyStored: 'is-known',
  Failed: 'is-failed',
  NotSent: 'is-skipped',
};

const GLYPHS: Record<RowStatus, IconName> = {
  Success: 'done',
  AlreadyStored: 'info',
  Failed: 'failed',
  NotSent: 'skipped',
};

function messageText(row: ResultRow, format: (descriptor: MessageDescriptor) => string): string {
  if (!row.message) return '';
  return 'known' in row.message ? format(MESSAGES[row.message.known]) : row.message.text;
}

const ResultsTable = observer(function ResultsTable({ store }: { store: ImportStore }) {
  const intl = useIntl();
  const format = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  return (
    <div className="import-table-wrap">
      <table className="table import-table import-results">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="import.columns.file" />
            </th>
            <th scope="col">
              <FormattedMessage id="import.columns.status" />
            </th>
            <th scope="col">
              <FormattedMessage id="import.columns.message" />
            </th>
            <th scope="col" className="import-number">
              <FormattedMessage id="import.columns.instances" />
            </th>
          </tr>
        </thead>
        <tbody>
          {store.rows.map((row, index) => (
            <tr key={`${index}-${row.name}`} className={`import-row ${STATUS_CLASS[row.status]}`} data-status={row.status}>
              <td className="import-name" title={row.name}>
                {row.name}
              </td>
              <td className="import-status">
                <span className="import-status-badge">
                  <LineIcon path={ICON_PATHS[GLYPHS[row.status]]} size={14} strokeWidth={2} />
                  {format(STATUS[row.status])}
                </span>
              </td>
              <td className="import-message">{messageText(row, format)}</td>
              <td className="import-number">{row.status === 'NotSent' ? '' : intl.formatNumber(row.instances)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

const ChosenFiles = observer(function ChosenFiles({ store }: { store: ImportStore }) {
  const intl = useIntl();
  const editable = store.phase === 'choosing';
  const listed = store.entries.slice(0, LISTED_FILES);
  return (
    <div className="import-table-wrap">
      <table className="table import-table import-chosen">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="import.columns.file" />
            </th>
            <th scope="col" className="import-number">
              <FormattedMessage id="import.columns.size" />
            </th>
            {editable && <th scope="col" className="import-remove" aria-label={intl.formatMessage({ id: 'import.remove_column' })} />}
          </tr>
        </thead>
        <tbody>
          {listed.map((entry, index) => (
            <tr key={`${index}-${entry.name}`}>
              <td className="import-name" title={entry.name}>
                {entry.name}
              </td>
              <td className="import-number">{formatFileSize(entry.file.size)}</td>
              {editable && (
                <td className="import-remove">
                  <button
                    type="button"
                    className="icon-button import-remove-button"
                    aria-label={intl.formatMessage({ id: 'import.remove' }, { name: entry.name })}
                    onClick={() => store.remove(index)}
                  >
                    <LineIcon path={ICON_PATHS.close} size={14} strokeWidth={2} />
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {store.entries.length > listed.length && (
        <p className="import-more">
          <FormattedMessage id="import.more_files" values={{ count: store.entries.length - listed.length }} />
        </p>
      )}
    </div>
  );
});

const Progress = observer(function Progress({ store }: { store: ImportStore }) {
  const intl = useIntl();
  const progress = store.progress;
  if (!progress) return null;
  const percent = Math.round(progress.percent);
  return (
    <div className="import-progress">
      <div className="import-progress-text">
        <span>{intl.formatMessage({ id: 'import.files_sent' }, { sent: progress.sentFiles, total: progress.totalFiles })}</span>
        <span className="import-progress-bytes">
          {intl.formatMessage(
            { id: 'import.bytes_sent' },
            { sent: formatFileSize(progress.sentBytes), total: formatFileSize(progress.totalBytes), percent },
          )}
        </span>
      </div>
      <ProgressBar className="import-progress-bar" percent={progress.percent} label={intl.formatMessage({ id: 'import.progress' })} />
    </div>
  );
});

/** Green when every file went in, red when none did, amber in between (or when cancelled). */
function summaryTone(store: ImportStore): string {
  const { stored, alreadyStored, failed } = store.summary;
  if (stored + alreadyStored === 0) return 'is-failed';
  return failed > 0 || store.cancelled || store.failed ? 'is-partial' : 'is-success';
}

export interface ImportDialogProps {
  onClose: () => void;
  /** Called after closing once the server's index holds the imported studies. */
  onImported: () => void;
}

export const ImportDialog = observer(function ImportDialog({ onClose, onImported }: ImportDialogProps) {
  const intl = useIntl();
  const [store] = useState(() => new ImportStore({ post: postImportFiles, onError: (error) => handleError(error) }));
  const [dragging, setDragging] = useState(false);
  const folderInput = useRef<HTMLInputElement>(null);
  const indexed = useRef<Promise<boolean> | null>(null);
  const { phase, summary } = store;

  // React has no prop for it; the folder picker needs the attribute present.
  useEffect(() => folderInput.current?.setAttribute('webkitdirectory', ''), []);

  useEffect(() => {
    if (phase === 'done' && summary.studyUids.length > 0 && !indexed.current) {
      indexed.current = waitForIndex(summary.studyUids, (uid) => getStudy(uid));
    }
  }, [phase, summary.studyUids]);

  // Leaving mid-upload (navigation, sign-out) must not leave the request running.
  useEffect(() => () => store.cancel(), [store]);

  const close = () => {
    if (phase === 'uploading') return;
    onClose();
    if (indexed.current) void indexed.current.then(() => onImported());
  };

  const choose = (files: FileList | null) => {
    if (files) store.add([...files].map((file) => entryFor(file)));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (phase !== 'choosing') return;
    void droppedEntries(event.dataTransfer).then((entries) => store.add(entries));
  };

  // Keys: each phase's buttons are new elements, never the last phase's relabelled. A click aimed
  // at Cancel as the upload ends must not land on the Close button that replaces it (React would
  // otherwise reuse the same <button> node) and close the dialog with its results unseen.
  const footer =
    phase === 'choosing' ? (
      <>
        <button key="choosing-cancel" type="button" className="button" onClick={close}>
          <FormattedMessage id="common.cancel" />
        </button>
        <button
          key="start"
          type="button"
          className="button button-primary"
          disabled={store.entries.length === 0}
          onClick={() => void store.start()}
        >
          <FormattedMessage id="import.start" />
        </button>
      </>
    ) : phase === 'uploading' ? (
      <button key="uploading-cancel" type="button" className="button" onClick={() => store.cancel()}>
        <FormattedMessage id="common.cancel" />
      </button>
    ) : (
      <button key="close" type="button" className="button button-primary" onClick={close} data-autofocus>
        <FormattedMessage id="common.close" />
      </button>
    );

  return (
    <Dialog title={<FormattedMessage id="import.title" />} onClose={close} size="large" dismissible={phase !== 'uploading'} footer={footer}>
      <div className="import-dialog">
        {phase === 'choosing' && (
          <div
            className={`import-drop${dragging ? ' is-dragging' : ''}`}
            onDragEnter={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
            }}
            onDrop={onDrop}
          >
            <span className="import-drop-icon">
              <LineIcon path={ICON_PATHS.upload} size={28} strokeWidth={2} />
            </span>
            <p className="import-drop-hint">
              <FormattedMessage id="import.drop_hint" />
            </p>
            <div className="import-pickers">
              <label className="button">
                <FormattedMessage id="import.choose_files" />
                <input
                  className="visually-hidden"
                  type="file"
                  name="files"
                  multiple
                  onChange={(event) => {
                    choose(event.currentTarget.files);
                    event.currentTarget.value = '';
                  }}
                />
              </label>
              <label className="button">
                <FormattedMessage id="import.choose_folder" />
                <input
                  ref={folderInput}
                  className="visually-hidden"
                  type="file"
                  name="folder"
                  multiple
                  onChange={(event) => {
                    choose(event.currentTarget.files);
                    event.currentTarget.value = '';
                  }}
                />
              </label>
            </div>
          </div>
        )}

        {phase !== 'done' && store.entries.length > 0 && (
          <>
            <div className="import-chosen-head">
              <span className="import-chosen-count">
                {intl.formatMessage({ id: 'import.chosen' }, { count: store.entries.length, size: formatFileSize(store.totalBytes) })}
              </span>
              {phase === 'choosing' && (
                <button type="button" className="button button-small" onClick={() => store.clear()}>
                  <FormattedMessage id="import.clear" />
                </button>
              )}
            </div>
            {phase === 'choosing' && <ChosenFiles store={store} />}
          </>
        )}

        {phase !== 'choosing' && <Progress store={store} />}

        {phase === 'done' && (
          <>
            <p className={`import-summary ${summaryTone(store)}`} role="status">
              {intl.formatMessage(
                { id: 'import.summary' },
                { stored: summary.stored, already: summary.alreadyStored, failed: summary.failed, instances: summary.instances },
              )}
              {store.cancelled && ` ${intl.formatMessage({ id: 'import.cancelled' }, { count: summary.notSent })}`}
              {store.failed && ` ${intl.formatMessage({ id: 'import.stopped' }, { count: summary.notSent })}`}
            </p>
          </>
        )}
        {store.rows.length > 0 && <ResultsTable store={store} />}
      </div>
    </Dialog>
  );
});
