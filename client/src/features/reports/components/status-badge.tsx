import { defineMessages, useIntl } from 'react-intl';

const STATUS = defineMessages({
  None: { id: 'reports.status.none' },
  Draft: { id: 'reports.status.draft' },
  Final: { id: 'reports.status.final' },
  Deleted: { id: 'reports.status.deleted' },
  Empty: { id: 'reports.status.empty' },
});

export function statusMessage(status: string) {
  return STATUS[status as keyof typeof STATUS] ?? STATUS.None;
}

/** A report or document status as a coloured badge (Empty: no report yet). */
export function StatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  const known = status in STATUS ? status : 'None';
  return <span className={`status-badge report-status-${known.toLowerCase()}`}>{intl.formatMessage(statusMessage(known))}</span>;
}
