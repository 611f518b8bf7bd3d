import { useState } from 'react';
import { AUTO_DELETE_MESSAGES as M } from '../messages.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable } from '../../../components/section-parts.tsx';
import { formatDateTime, formatFileSize } from '../../../lib/format.ts';
import { useAutoDeleteResults } from '../api/get-auto-delete-results.ts';
import { settingsSummary } from '../settings-form.ts';
import type { AutoDeleteRun } from '../types.ts';

const PAGE = 20;

const HEADINGS = [
  { id: 'admin.auto_delete.history.started' },
  { id: 'admin.auto_delete.history.trigger' },
  { id: 'admin.auto_delete.history.result' },
  { id: 'admin.auto_delete.history.reasons' },
  { id: 'admin.auto_delete.history.settings' },
];

function Result({ run }: { run: AutoDeleteRun }) {
  if (run.Error) return <span className="autodelete-error">{run.Error}</span>;
  if (run.FinishedAt === null) return <FormattedMessage id="admin.auto_delete.history.running" />;
  return (
    <>
      <FormattedMessage {...(run.Deleted > 0 ? M.deleted : M.moved)} values={{ count: run.Studies }} />
      {run.Studies > 0 && <div className="muted">{formatFileSize(run.FileSize)}</div>}
    </>
  );
}

/** The runs, newest first, each with what it did, why, and the settings it ran with. */
export function RunHistory({ timeZone }: { timeZone?: string }) {
  const intl = useIntl();
  const [offset, setOffset] = useState(0);
  const results = useAutoDeleteResults({ limit: PAGE, offset });
  const count = results.data?.Count ?? 0;
  return (
    <section aria-labelledby="autodelete-history-title" className="autodelete-history">
      <h2 id="autodelete-history-title" className="card-title">
        <FormattedMessage id="admin.auto_delete.history.title" />
      </h2>
      <DataTable headings={HEADINGS} rows={results.isPending ? undefined : (results.data?.Items ?? [])} className="autodelete-table">
        {results.data?.Items.map((run) => (
          <tr key={run.No}>
            <td className="nowrap">{formatDateTime(run.StartedAt, timeZone)}</td>
            <td>
              {run.Trigger === 'schedule' ? (
                <FormattedMessage id="admin.auto_delete.history.daily" />
              ) : (
                <FormattedMessage id="admin.auto_delete.history.manual" values={{ account: run.Account ?? '' }} />
              )}
            </td>
            <td>
              <Result run={run} />
            </td>
            <td>
              <FormattedMessage
                id="admin.auto_delete.history.reason_counts"
                values={{ lifetime: run.ByLifetime, number: run.ByNumberOfStudies, capacity: run.ByCapacity }}
              />
              {(run.KeptDraftReport > 0 || run.KeptShared > 0) && (
                <div className="muted">
                  <FormattedMessage
                    id="admin.auto_delete.history.kept_counts"
                    values={{ draft: run.KeptDraftReport, shared: run.KeptShared }}
                  />
                </div>
              )}
            </td>
            <td>
              <ul className="autodelete-settings-list">
                {settingsSummary(run.Settings, intl).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </DataTable>
      {count > PAGE && (
        <div className="form-actions autodelete-pager">
          <span className="muted">
            <FormattedMessage
              id="admin.auto_delete.history.range"
              values={{ from: offset + 1, to: Math.min(offset + PAGE, count), count }}
            />
          </span>
          <button
            type="button"
            className="button button-small"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            <FormattedMessage id="admin.auto_delete.history.newer" />
          </button>
          <button type="button" className="button button-small" disabled={offset + PAGE >= count} onClick={() => setOffset(offset + PAGE)}>
            <FormattedMessage id="admin.auto_delete.history.older" />
          </button>
        </div>
      )}
    </section>
  );
}
