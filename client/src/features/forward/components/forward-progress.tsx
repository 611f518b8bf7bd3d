/**
 * The list's forward panel: each study being sent, with its progress (instances sent of the
 * total), a Cancel while it runs, and its result; finished rows can be put away.
 */
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { ForwardJob, ForwardState } from '@pacs/common';
import { useCancelForward, useForwards } from '../api/forwards.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';

const STATES: Record<ForwardState, { id: string }> = defineMessages({
  pending: { id: 'forward.state.pending' },
  running: { id: 'forward.state.running' },
  success: { id: 'forward.state.success' },
  failure: { id: 'forward.state.failure' },
  paused: { id: 'forward.state.paused' },
  retry: { id: 'forward.state.retry' },
});

/** Finished forwards stay in the panel this long unless put away. */
const SHOW_FINISHED_MS = 30 * 60_000;

export function ForwardProgress() {
  const intl = useIntl();
  const forwards = useForwards(true);
  const cancel = useCancelForward();
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const now = Date.now();
  const shown = (forwards.data ?? []).filter(
    (job) => !dismissed.has(job.Id) && (job.FinishedAt === null || now - Date.parse(job.FinishedAt) < SHOW_FINISHED_MS),
  );
  if (shown.length === 0) return null;

  // A finished forward counts what arrived; a running one, how far Orthanc's job got.
  const sent = (job: ForwardJob) =>
    job.FinishedAt !== null ? job.InstancesTotal - job.InstancesFailed : Math.floor((job.Progress / 100) * job.InstancesTotal);
  return (
    <section className="forward-panel" aria-label={intl.formatMessage({ id: 'forward.progress.title' })}>
      <header className="forward-panel-header">
        <h2 className="forward-panel-title">
          <FormattedMessage id="forward.progress.title" />
        </h2>
        {shown.some((job) => job.FinishedAt !== null) && (
          <button
            type="button"
            className="button button-small"
            onClick={() => setDismissed(new Set([...dismissed, ...shown.filter((job) => job.FinishedAt !== null).map((job) => job.Id)]))}
          >
            <FormattedMessage id="forward.progress.clear" />
          </button>
        )}
      </header>
      <ul className="forward-jobs">
        {shown.map((job) => (
          <li key={job.Id} className={`forward-job is-${job.State}`}>
            <div className="forward-job-line">
              <span className="forward-job-subject">
                <bdi>{job.PatientName.replaceAll('^', ' ') || job.StudyInstanceUID}</bdi>
                {' → '}
                <bdi>{job.DestinationName}</bdi>
              </span>
              <span className="forward-job-state" role="status">
                {intl.formatMessage(STATES[job.State])}
                {' · '}
                <FormattedMessage id="forward.progress.instances" values={{ sent: sent(job), total: job.InstancesTotal }} />
              </span>
              {job.FinishedAt === null && (
                <button type="button" className="button button-small" disabled={cancel.isPending} onClick={() => cancel.mutate(job.Id)}>
                  <FormattedMessage id="common.cancel" />
                </button>
              )}
            </div>
            <ProgressBar percent={job.Progress} label={intl.formatMessage({ id: 'forward.progress.title' })} />
            {job.Error !== '' && <p className="forward-job-error">{job.Error}</p>}
            {job.Refused.length > 0 && <RefusedInstances job={job} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The instances the destination refused, each by its place and UID with the reason given. */
function RefusedInstances({ job }: { job: ForwardJob }) {
  const intl = useIntl();
  return (
    <details className="forward-refused" open={job.Refused.length <= 5}>
      <summary>
        <FormattedMessage id="forward.refused.title" values={{ count: job.Refused.length }} />
        {job.InstancesNotSent > 0 && (
          <>
            {' · '}
            <FormattedMessage id="forward.refused.not_sent" values={{ count: job.InstancesNotSent }} />
          </>
        )}
      </summary>
      <ul className="forward-refused-list">
        {job.Refused.map((refusal) => (
          <li key={refusal.SOPInstanceUID}>
            {refusal.SeriesNumber !== null && refusal.InstanceNumber !== null && (
              <span className="forward-refused-place">
                {intl.formatMessage(
                  { id: 'forward.refused.place' },
                  { series: intl.formatNumber(refusal.SeriesNumber), instance: intl.formatNumber(refusal.InstanceNumber) },
                )}
              </span>
            )}
            <bdi className="forward-refused-uid">{refusal.SOPInstanceUID}</bdi>
            <bdi className="forward-refused-reason">{refusal.Reason}</bdi>
          </li>
        ))}
      </ul>
    </details>
  );
}
