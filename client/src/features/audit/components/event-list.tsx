/**
 * The audit records of one page, newest first, each collapsible (spec 2 §3 event items: No,
 * is_collapsed): the summary line names when, what, who, whom and from where; opened, the record
 * shows its details and its chain hash.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuditEvent } from '@pacs/common';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { sessionStore } from '../../../state/index.ts';
import '../audit.css';
import { ACTION_LABELS } from './action-labels.ts';

function Detail({ label, value }: { label: string; value: unknown }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <>
      <dt>{label}</dt>
      <dd className="audit-detail-value">{text}</dd>
    </>
  );
}

function EventItem({ event, timeZone }: { event: AuditEvent; timeZone?: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const who = event.Share ? `${event.Account ?? ''} (${event.Share})` : (event.Account ?? '—');
  const subject = formatPersonName(event.PatientName, sessionStore.nameForm) || event.PatientID || event.StudyInstanceUID || '';
  const panel = `audit-event-${event.No}`;
  return (
    <li className={`audit-event${event.Outcome === 'failure' ? ' audit-event-failure' : ''}`}>
      <button type="button" className="audit-event-summary" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        <span className="audit-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="audit-time">{formatDateTime(event.At, timeZone)}</span>
        <span className="audit-action">
          {ACTION_LABELS[event.Action] ? <FormattedMessage {...ACTION_LABELS[event.Action]} /> : event.Action}
          {event.Outcome === 'failure' && (
            <span className="audit-badge">
              <FormattedMessage id="admin.log.failed" />
            </span>
          )}
        </span>
        <span className="audit-who">{who}</span>
        <span className="audit-subject">{subject}</span>
        <span className="audit-ip mono">{event.IPAddress}</span>
      </button>
      {open && (
        <dl id={panel} className="audit-details">
          <Detail label={intl.formatMessage({ id: 'admin.log.no' })} value={String(event.No)} />
          {event.StudyInstanceUID && <Detail label="StudyInstanceUID" value={event.StudyInstanceUID} />}
          {event.PatientID && <Detail label="PatientID" value={event.PatientID} />}
          {event.PatientName && <Detail label="PatientName" value={event.PatientName} />}
          {Object.entries(event.Details).map(([key, value]) => (
            <Detail key={key} label={key} value={value} />
          ))}
          <Detail label={intl.formatMessage({ id: 'admin.log.hash' })} value={event.Hash} />
        </dl>
      )}
    </li>
  );
}

export function EventList({ events, timeZone }: { events: AuditEvent[]; timeZone?: string }) {
  return (
    <ol className="audit-events" reversed>
      {events.map((event) => (
        <EventItem key={event.No} event={event} {...(timeZone ? { timeZone } : {})} />
      ))}
    </ol>
  );
}
