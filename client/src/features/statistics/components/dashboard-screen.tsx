/**
 * /dashboard (spec 1 §2, §4): server status, today's arrivals by modality and AE title, live web
 * connections and the last studies received, refreshed every 30 s. Each part links to its page.
 */
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { STATISTICS_MESSAGES as M } from '../messages.ts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import { formatDateTime, formatFileSize } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { paletteColor } from '../chart-data.ts';
import '../statistics.css';
import { BarChart, ChartFrame, PieChart } from './charts.tsx';
import { ChartCard, ValuesTable } from './parts.tsx';

const count = (value: number) => String(Math.round(value));

export function DashboardScreen() {
  const intl = useIntl();
  const t = (message: MessageDescriptor, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const dashboard = useDashboard();
  const data = dashboard.data;
  const byModality = data?.ArrivalsByModality ?? [];
  const byAe = data?.ArrivalsByAETitle ?? [];
  const slices = byModality
    .filter((row) => row.Studies > 0)
    .map((row, index) => ({ id: row.Key || '—', label: row.Key || '—', value: row.Studies, color: paletteColor(index) }));
  const server = data?.Server;
  return (
    <div className="page stats-page dashboard-page">
      <PageHeader title={<FormattedMessage id="dashboard.title" />} description={<FormattedMessage id="dashboard.description" />} />
      <div className="stats-grid">
        <section className="card stats-card" aria-labelledby="dashboard-server-title">
          <h2 id="dashboard-server-title" className="card-title">
            <FormattedMessage id="dashboard.server.title" />
          </h2>
          {!server ? (
            <p className="muted" role="status">
              <FormattedMessage id="common.loading" />
            </p>
          ) : (
            <dl className="dashboard-facts">
              <dt>
                <FormattedMessage id="dashboard.server.held" />
              </dt>
              <dd>{t(M.dashboard_server_held_value, { studies: server.HeldStudies, size: formatFileSize(server.HeldBytes) })}</dd>
              {server.Storage && (
                <>
                  <dt>
                    <FormattedMessage id="dashboard.server.disk" />
                  </dt>
                  <dd>
                    {t(M.dashboard_server_disk_value, {
                      used: formatFileSize(server.Storage.Used),
                      capacity: formatFileSize(server.Storage.Capacity),
                    })}
                    <meter min={0} max={server.Storage.Capacity} value={server.Storage.Used} className="dashboard-meter" />
                  </dd>
                </>
              )}
              <dt>
                <FormattedMessage id="dashboard.server.versions" />
              </dt>
              <dd>{t(M.dashboard_server_versions_value, { product: server.Version, orthanc: server.OrthancVersion || '—' })}</dd>
              {server.IndexLag !== null && (
                <>
                  <dt>
                    <FormattedMessage id="dashboard.server.index_lag" />
                  </dt>
                  <dd>{t(M.dashboard_server_index_lag_value, { count: server.IndexLag })}</dd>
                </>
              )}
              <dt>
                <FormattedMessage id="dashboard.connections" />
              </dt>
              <dd data-testid="dashboard-connections">{data.WebConnections}</dd>
            </dl>
          )}
          <p className="stats-links">
            <Link to={paths.statistics.getHref()}>
              <FormattedMessage id="dashboard.to_statistics" />
            </Link>
          </p>
        </section>
        <ChartCard
          id="dashboard-modalities"
          title={t(M.dashboard_today_by_modality, { date: data?.Today ?? '' })}
          table={
            <ValuesTable
              headings={[t(M.modality), t(M.dashboard_studies), t(M.dashboard_files), t(M.dashboard_size)]}
              rows={data ? byModality.map((row) => [row.Key || '—', row.Studies, row.Instances, formatFileSize(row.Bytes)]) : undefined}
            />
          }
        >
          <ChartFrame
            loading={dashboard.isPending}
            empty={slices.length === 0}
            label={t(M.dashboard_today_by_modality, { date: data?.Today ?? '' })}
          >
            <PieChart slices={slices} format={count} />
          </ChartFrame>
        </ChartCard>
        <ChartCard
          id="dashboard-ae-titles"
          title={t(M.dashboard_today_by_ae_title, { date: data?.Today ?? '' })}
          table={
            <ValuesTable
              headings={[t(M.dashboard_ae_title), t(M.dashboard_files), t(M.dashboard_size)]}
              rows={data ? byAe.map((row) => [row.Key || '—', row.Instances, formatFileSize(row.Bytes)]) : undefined}
            />
          }
        >
          <ChartFrame
            loading={dashboard.isPending}
            empty={byAe.length === 0}
            label={t(M.dashboard_today_by_ae_title, { date: data?.Today ?? '' })}
          >
            <BarChart
              data={byAe.map((row) => ({ Date: row.Key || '—', files: row.Instances }))}
              keys={['files']}
              names={{ files: t(M.dashboard_files) }}
              format={count}
              integer
              horizontal
            />
          </ChartFrame>
        </ChartCard>
        <section className="card stats-card stats-card-wide" aria-labelledby="dashboard-last-title">
          <h2 id="dashboard-last-title" className="card-title">
            <FormattedMessage id="dashboard.last_studies" />
          </h2>
          {data && data.LastStudies.length === 0 ? (
            <p className="muted" role="status">
              <FormattedMessage id="statistics.empty" />
            </p>
          ) : (
            <div className="table-wrap">
              <table className="table stats-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="dashboard.received" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="dashboard.patient" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="statistics.modality" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="dashboard.ae_title" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data?.LastStudies.map((study) => (
                    <tr key={study.StudyInstanceUID}>
                      <td className="nowrap">{formatDateTime(study.ReceivedAt, intl.locale, data.TimeZone)}</td>
                      <td>
                        <Link to={`${paths.viewer.getHref()}?studyinstanceuid=${encodeURIComponent(study.StudyInstanceUID)}`}>
                          {formatPersonName(study.PatientName, sessionStore.nameForm) || study.PatientID}
                        </Link>
                      </td>
                      <td>{study.Modalities.join(', ')}</td>
                      <td>{study.AETitle}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="stats-links">
            <Link to={paths.list.getHref()}>
              <FormattedMessage id="dashboard.to_list" />
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
