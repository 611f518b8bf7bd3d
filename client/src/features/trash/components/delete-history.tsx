/** The permanent deletes, newest first (`/trashdelete/results`): by hand, by the retention job, by auto-delete. */
import { FormattedMessage, useIntl } from 'react-intl';
import type { TrashDeleteRun } from '@pacs/common';
import { DataTable } from '../../../components/section-parts.tsx';
import { formatFileSize, formatInstant } from '../../../lib/format.ts';
import { useTrashDeleteRuns } from '../api/get-trash-delete-runs.ts';
import { countsText } from '../counts.ts';

const HEADINGS = [
  { id: 'trash.history.started_at' },
  { id: 'trash.history.trigger' },
  { id: 'trash.history.account' },
  { id: 'trash.history.deleted' },
  { id: 'trash.history.size', className: 'trash-number' },
  { id: 'trash.history.failed', className: 'trash-number' },
];

/** The most runs shown; older ones stay in the database. */
const SHOWN = 50;

function Trigger({ run }: { run: TrashDeleteRun }) {
  if (run.Trigger === 'retention') return <FormattedMessage id="trash.history.by_retention" />;
  if (run.Trigger === 'auto_delete') return <FormattedMessage id="trash.history.by_auto_delete" />;
  return <FormattedMessage id="trash.history.by_hand" />;
}

export function DeleteHistory({ dateFormat, timeZone }: { dateFormat: string; timeZone: string | undefined }) {
  const intl = useIntl();
  const runs = useTrashDeleteRuns();
  const shown = runs.data?.slice(0, SHOWN);
  return (
    <section aria-labelledby="trash-history-title">
      <h2 id="trash-history-title" className="card-title">
        <FormattedMessage id="trash.history.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="trash.history.description" />
      </p>
      <DataTable headings={HEADINGS} rows={runs.isPending ? undefined : (shown ?? [])} className="trash-history">
        {shown?.map((run) => (
          <tr key={run.No}>
            <td>{formatInstant(run.StartedAt, dateFormat, timeZone)}</td>
            <td>
              <Trigger run={run} />
              {run.FinishedAt === null && (
                <span className="muted">
                  {' '}
                  <FormattedMessage id="trash.history.running" />
                </span>
              )}
            </td>
            <td>{run.Account ?? ''}</td>
            <td>{countsText(intl, { studies: run.Studies, series: run.Series, instances: run.Instances })}</td>
            <td className="trash-number">{formatFileSize(run.FileSize)}</td>
            <td className={run.Failed > 0 ? 'trash-number trash-failed' : 'trash-number'}>{run.Failed}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
