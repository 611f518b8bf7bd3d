/** admin/general/log: the audit log with its search and pages, the chain check, the retention, the export and the server's log files. */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import type { AuditQuery } from '@pacs/common';
import { PageHeader } from '../../../components/page-header.tsx';
import { sessionStore } from '../../../state/index.ts';
import { useAuditExport } from '../api/get-audit-export.ts';
import { useAuditSettings } from '../api/get-audit-settings.ts';
import { useEvents } from '../api/get-events.ts';
import { useVerifyAuditChain } from '../api/verify-audit-chain.ts';
import { EventFilters } from './event-filters.tsx';
import { EventList } from './event-list.tsx';
import { AuditExportForm } from './export-form.tsx';
import { LogFiles } from './log-files.tsx';
import { AuditRetentionForm } from './retention-form.tsx';
import '../audit.css';

const PAGE_SIZE = 50;

function ChainCheck() {
  const verify = useVerifyAuditChain();
  const report = verify.data;
  return (
    <section aria-labelledby="audit-chain-title" className="audit-chain">
      <h2 id="audit-chain-title" className="card-title">
        <FormattedMessage id="admin.log.chain.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="admin.log.chain.description" />
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => verify.mutate()} disabled={verify.isPending}>
          <FormattedMessage id="admin.log.chain.check" />
        </button>
      </div>
      {report && (
        <p role="status" className={report.Ok ? 'audit-chain-ok' : 'audit-chain-broken'}>
          {report.Ok ? (
            <FormattedMessage id="admin.log.chain.ok" values={{ count: report.Checked }} />
          ) : (
            <FormattedMessage id="admin.log.chain.broken" values={{ no: report.FirstBroken ?? 0, problem: report.Problem ?? '' }} />
          )}
        </p>
      )}
    </section>
  );
}

export const LogScreen = observer(function LogScreen() {
  const [filters, setFilters] = useState<Omit<AuditQuery, 'Limit' | 'Offset'>>({});
  const [offset, setOffset] = useState(0);
  const events = useEvents({ ...filters, Limit: PAGE_SIZE, Offset: offset });
  const settings = useAuditSettings();
  const exporting = useAuditExport();
  const timeZone = sessionStore.configs?.time_zone || undefined;
  const count = events.data?.Total ?? 0;
  const last = Math.min(offset + PAGE_SIZE, count);
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="admin.log.title" />} description={<FormattedMessage id="admin.log.description" />} />
      <section className="card" aria-labelledby="audit-events-title">
        <h2 id="audit-events-title" className="card-title">
          <FormattedMessage id="admin.log.events" />
        </h2>
        <EventFilters
          onSearch={(next) => {
            setFilters(next);
            setOffset(0);
          }}
        />
        {events.isPending ? (
          <p className="muted" role="status">
            <FormattedMessage id="common.loading" />
          </p>
        ) : count === 0 ? (
          <p className="muted" role="status">
            <FormattedMessage id="common.no_items_found" />
          </p>
        ) : (
          <>
            <EventList events={events.data?.Events ?? []} {...(timeZone ? { timeZone } : {})} />
            <footer className="audit-pager">
              <span className="muted" role="status">
                <FormattedMessage id="admin.log.range" values={{ first: offset + 1, last, count }} />
              </span>
              <span className="audit-pager-buttons">
                <button
                  type="button"
                  className="button button-small"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                >
                  <FormattedMessage id="admin.log.previous" />
                </button>
                <button
                  type="button"
                  className="button button-small"
                  disabled={last >= count}
                  onClick={() => setOffset(offset + PAGE_SIZE)}
                >
                  <FormattedMessage id="admin.log.next" />
                </button>
              </span>
            </footer>
          </>
        )}
      </section>
      <div className="card-grid">
        <div className="card">
          {settings.data ? (
            <AuditRetentionForm settings={settings.data} />
          ) : (
            <p className="muted" role="status">
              <FormattedMessage id="common.loading" />
            </p>
          )}
        </div>
        <div className="card">
          <ChainCheck />
        </div>
      </div>
      <div className="card-grid">
        <div className="card">
          {exporting.data ? (
            <AuditExportForm current={exporting.data} />
          ) : (
            <p className="muted" role="status">
              <FormattedMessage id="common.loading" />
            </p>
          )}
        </div>
        <div className="card">
          <LogFiles />
        </div>
      </div>
    </div>
  );
});
