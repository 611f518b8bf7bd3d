/**
 * Import sample (spec 2 §2 list toolbar `import_sample`, the "import sample" dialog): the sample
 * studies the server generates itself, imported one after another with their progress, then what
 * each one stored. The server stores them as it stores an upload, so a refusal (the study limit,
 * a study outside the user's access) reads as the import's messages. Closing after something was
 * stored waits for the server's index and asks the list to refresh, as the import dialog does.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { ImportSampleItem } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { handleError } from '../../../lib/error-effects.ts';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import { getStudy } from '../../studies/index.ts';
import { postImportSample, useImportSamples } from '../api/import-samples.ts';
import { messageOf, type KnownMessage } from '../import-results.ts';
import { waitForIndex } from '../wait-for-index.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import '../import.css';

const KNOWN = defineMessages<KnownMessage>({
  not_dicom: { id: 'import.messages.not_dicom' },
  not_supported: { id: 'import.messages.not_supported' },
  not_found: { id: 'import.messages.not_found' },
  broken: { id: 'import.messages.broken' },
  too_large: { id: 'import.messages.too_large' },
  outside_scope: { id: 'import.messages.outside_scope' },
});

type SampleState = 'waiting' | 'importing' | 'done' | 'failed';

interface SampleRow {
  item: ImportSampleItem;
  state: SampleState;
  stored: number;
  /** The distinct messages of the files that were not stored. */
  messages: string[];
  studyUids: string[];
}

export interface ImportSampleDialogProps {
  onClose: () => void;
  /** Called after closing once the server's index holds the imported studies. */
  onImported: () => void;
}

export function ImportSampleDialog({ onClose, onImported }: ImportSampleDialogProps) {
  const intl = useIntl();
  const samples = useImportSamples();
  const [rows, setRows] = useState<SampleRow[] | null>(null);
  const [phase, setPhase] = useState<'choosing' | 'importing' | 'done'>('choosing');
  const left = useRef(false);
  const indexed = useRef<Promise<boolean> | null>(null);
  useEffect(
    () => () => {
      left.current = true;
    },
    [],
  );

  const text = (message: string | undefined): string => {
    const known = messageOf(message);
    if (!known) return '';
    return 'known' in known ? intl.formatMessage(KNOWN[known.known]) : known.text;
  };

  const start = async (items: ImportSampleItem[]) => {
    let current = items.map((item): SampleRow => ({ item, state: 'waiting', stored: 0, messages: [], studyUids: [] }));
    const update = (index: number, change: Partial<SampleRow>) => {
      current = current.map((row, at) => (at === index ? { ...row, ...change } : row));
      if (!left.current) setRows(current);
    };
    setRows(current);
    setPhase('importing');
    for (const [index, item] of items.entries()) {
      if (left.current) return;
      update(index, { state: 'importing' });
      try {
        const answer = await postImportSample(item.Id);
        const failed = answer.Files.filter((file) => file.Status === 'Failed');
        update(index, {
          state: answer.Stored > 0 ? 'done' : 'failed',
          stored: answer.Stored,
          messages: [...new Set(failed.map((file) => text(file.Message)).filter(Boolean))],
          studyUids: [...new Set(answer.Files.flatMap((file) => file.StudyInstanceUIDs))],
        });
      } catch (error) {
        update(index, { state: 'failed' });
        handleError(error);
      }
    }
    const uids = [...new Set(current.flatMap((row) => row.studyUids))];
    if (uids.length > 0) indexed.current = waitForIndex(uids, (uid) => getStudy(uid));
    if (!left.current) setPhase('done');
  };

  const close = () => {
    if (phase === 'importing') return;
    onClose();
    if (indexed.current) void indexed.current.then(() => onImported());
  };

  const items = samples.data?.Items ?? [];
  const shown: SampleRow[] = rows ?? items.map((item) => ({ item, state: 'waiting', stored: 0, messages: [], studyUids: [] }));
  const done = shown.filter((row) => row.state === 'done' || row.state === 'failed').length;
  const working = shown.findIndex((row) => row.state === 'importing');
  const percent = shown.length === 0 ? 0 : Math.round((done / shown.length) * 100);

  const footer =
    phase === 'choosing' ? (
      <>
        <button key="cancel" type="button" className="button" onClick={close}>
          <FormattedMessage id="common.cancel" />
        </button>
        <button key="start" type="button" className="button button-primary" disabled={items.length === 0} onClick={() => void start(items)}>
          <FormattedMessage id="import.sample.start" />
        </button>
      </>
    ) : (
      <button key="close" type="button" className="button button-primary" disabled={phase === 'importing'} onClick={close} data-autofocus>
        <FormattedMessage id="common.close" />
      </button>
    );

  return (
    <Dialog title={<FormattedMessage id="import.sample.title" />} onClose={close} dismissible={phase !== 'importing'} footer={footer}>
      <div className="import-dialog import-sample-dialog">
        <p className="muted">
          <FormattedMessage id="import.sample.intro" />
        </p>
        <ul className="import-samples">
          {shown.map((row) => (
            <li key={row.item.Id} className={`import-sample is-${row.state}`} data-sample={row.item.Id}>
              <span className="import-sample-name">
                <bdi>{row.item.StudyDescription}</bdi>
                <span className="muted">
                  {' · '}
                  <bdi>{formatPersonName(row.item.PatientName, sessionStore.nameForm)}</bdi>
                  {' · '}
                  <FormattedMessage id="import.sample.images" values={{ count: row.item.Instances }} />
                </span>
              </span>
              {(row.state === 'done' || row.state === 'failed') && (
                <span className="import-sample-result" role="status">
                  <FormattedMessage id="import.sample.result" values={{ stored: row.stored, total: row.item.Instances }} />
                  {row.messages.map((message) => (
                    <span key={message} className="import-sample-message">
                      {message}
                    </span>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
        {phase !== 'choosing' && (
          <div className="import-progress">
            <div className="import-progress-text">
              <span>
                {working >= 0
                  ? intl.formatMessage({ id: 'import.sample.progress' }, { index: working + 1, total: shown.length })
                  : intl.formatMessage({ id: 'import.sample.finished' })}
              </span>
            </div>
            <ProgressBar
              className="import-progress-bar"
              percent={percent}
              label={intl.formatMessage({ id: 'import.sample.progress_label' })}
            />
          </div>
        )}
      </div>
    </Dialog>
  );
}
