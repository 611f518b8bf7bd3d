/**
 * The server's own log files by day (`/files/{log}?date=`): pick a log and a day, and the lines
 * that process wrote that day open in a new tab as plain text.
 */
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { API_BASE } from '@pacs/common';

const LOGS = ['adapter.log', 'orthanc.log', 'postgres.log', 'nginx.log'] as const;

export function LogFiles() {
  const [name, setName] = useState<string>(LOGS[0]);
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const href = `${API_BASE}/files/${encodeURIComponent(name)}?date=${encodeURIComponent(date)}`;
  return (
    <section aria-labelledby="log-files-title">
      <h2 id="log-files-title" className="card-title">
        <FormattedMessage id="admin.log.files.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="admin.log.files.description" />
      </p>
      <div className="log-files-pick">
        <div className="field">
          <label className="field-label" htmlFor="log-files-name">
            <FormattedMessage id="admin.log.files.file" />
          </label>
          <select id="log-files-name" className="input select" value={name} onChange={(event) => setName(event.target.value)}>
            {LOGS.map((log) => (
              <option key={log} value={log}>
                {log}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="log-files-date">
            <FormattedMessage id="admin.log.files.date" />
          </label>
          <input id="log-files-date" className="input" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </div>
      </div>
      <div className="form-actions">
        {date ? (
          <a className="button" href={href} target="_blank" rel="noreferrer noopener">
            <FormattedMessage id="admin.log.files.open" />
          </a>
        ) : (
          <button type="button" className="button" disabled>
            <FormattedMessage id="admin.log.files.open" />
          </button>
        )}
      </div>
    </section>
  );
}
