/** The report's documents, newest first; the current one (is_last) is marked, older ones open read-only. */
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionStore } from '../../../state/index.ts';
import { formatInstant } from '../../../lib/format.ts';
import { DEFAULT_DATE_FORMAT } from '../../../lib/dicom-format.ts';
import type { ReportDocument } from '../types.ts';
import { StatusBadge } from './status-badge.tsx';

export interface DocumentHistoryProps {
  documents: readonly ReportDocument[];
  /** The document on screen. */
  shownId: number | null;
  onShow: (document: ReportDocument) => void;
}

export function DocumentHistory({ documents, shownId, onShow }: DocumentHistoryProps) {
  const intl = useIntl();
  const configs = sessionStore.configs;
  const when = (value: string) => formatInstant(value, configs?.date_format || DEFAULT_DATE_FORMAT, configs?.time_zone || undefined);
  return (
    <section className="report-panel" aria-labelledby="report-history-title">
      <h2 id="report-history-title" className="report-panel-title">
        <FormattedMessage id="reports.history.title" />
      </h2>
      {documents.length === 0 ? (
        <p className="muted report-panel-empty">
          <FormattedMessage id="reports.history.none" />
        </p>
      ) : (
        <ol className="report-history">
          {documents.map((document) => (
            <li key={document.Id}>
              <button
                type="button"
                className={`history-item${document.Id === shownId ? ' is-shown' : ''}${document.Status === 'Deleted' ? ' is-deleted' : ''}`}
                aria-current={document.Id === shownId ? 'true' : undefined}
                title={document.label}
                onClick={() => onShow(document)}
              >
                <span className="history-line">
                  <StatusBadge status={document.Status} />
                  {document.is_last && (
                    <span className="history-current">
                      <FormattedMessage id="reports.history.current" />
                    </span>
                  )}
                  <span className="history-when">{when(document.UpdatedAt)}</span>
                </span>
                <span className="history-line history-meta">
                  <span className="history-title">{document.Title || intl.formatMessage({ id: 'reports.history.untitled' })}</span>
                  <span className="history-doctor">{document.DoctorName}</span>
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
