/**
 * /dashboard (spec 1 §2, §4): server status with the licence, today's arrivals by modality and AE
 * title, live web and DICOM connections, today's DICOM associations by AE title, the last studies
 * received and, for administrators, the last audit events; refreshed every 30 s. Each part links
 * to its page.
 */
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { STATISTICS_MESSAGES as M } from '../messages.ts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatPersonName, inLanguageDigits } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import { formatDateTime, formatFileSize } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { EventList, useEvents } from '../../audit/index.ts';
import { licenceSummary, useServiceInfo } from '../../licence/index.ts';
import { DASHBOARD_REFRESH_MS, useDashboard } from '../api/get-dashboard.ts';
import { paletteColor } from '../chart-data.ts';
import '../statistics.css';
import { BarChart, ChartFrame, PieChart } from './charts.tsx';
import { ChartCard, ValuesTable } from './parts.tsx';

const count = (value: number) => inLanguageDigits(String(Math.round(value)));
/** How many of the audit log's newest records the dashboard shows. */
const LAST_EVENTS = 5;

export function DashboardScreen() {
  const intl = useIntl();
  const t = (message: MessageDescriptor, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const dashboard = useDashboard();
  const data = dashboard.data;
  const byModality = data?.ArrivalsByModality ?? [];
  const byAe = data?.ArrivalsByAETitle ?? [];
  const associations = data?.AssociationsByAETitle ?? [];
  const slices = byModality
    .filter((row) => row.Studies > 0)
    .map((row, index) => ({ id: row.Key || '—', label: row.Key || '—', value: row.Studies, color: paletteColor(index) }));
  const server = data?.Server;
  const licence = useServiceInfo().data?.LicenseStatus;
  const admin = sessionStore.isAdmin;
  const events = useEvents({ Limit: LAST_EVENTS, Offset: 0 }, { enabled: admin, refetchInterval: DASHBOARD_REFRESH_MS });
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
              {licence && (
                <>
                  <dt>
                    <FormattedMessage id="licence.licence" />
                  </dt>
                  <dd data-testid="dashboard-licence">
                    {admin ? <Link to={paths.adminLicence.getHref()}>{licenceSummary(licence, intl)}</Link> : licenceSummary(licence, intl)}
                  </dd>
                </>
              )}
              <dt>
                <FormattedMessage id="dashboard.connections" />
              </dt>
              <dd data-testid="dashboard-connections">{inLanguageDigits(String(data.WebConnections))}</dd>
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
          title={t(M.dashboard_today_by_modality, { date: inLanguageDigits(data?.Today ?? '') })}
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
            label={t(M.dashboard_today_by_modality, { date: inLanguageDigits(data?.Today ?? '') })}
          >
            <PieChart slices={slices} format={count} />
          </ChartFrame>
        </ChartCard>
        <ChartCard
          id="dashboard-ae-titles"
          title={t(M.dashboard_today_by_ae_title, { date: inLanguageDigits(data?.Today ?? '') })}
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
            label={t(M.dashboard_today_by_ae_title, { date: inLanguageDigits(data?.Today ?? '') })}
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
        <ChartCard
          id="dashboard-associations"
          title={t(M.dashboard_today_associations, { date: data?.Today ?? '' })}
          table={
            <ValuesTable
              headings={[t(M.dashboard_ae_title), t(M.associations_accepted), t(M.associations_rejected)]}
              rows={data ? associations.map((row) => [row.AETitle, row.Accepted, row.Rejected]) : undefined}
            />
          }
        >
          <ChartFrame
            loading={dashboard.isPending}
            empty={associations.length === 0}
            label={t(M.dashboard_today_associations, { date: data?.Today ?? '' })}
          >
            <BarChart
              data={associations.map((row) => ({ Date: row.AETitle, accepted: row.Accepted, rejected: row.Rejected }))}
              keys={['accepted', 'rejected']}
              names={{ accepted: t(M.associations_accepted), rejected: t(M.associations_rejected) }}
              format={count}
              integer
              stacked
              horizontal
            />
          </ChartFrame>
        </ChartCard>
        <section className="card stats-card" aria-labelledby="dashboard-dicom-title" data-testid="dashboard-dicom-connections">
          <h2 id="dashboard-dicom-title" className="card-title">
            {t(M.dashboard_dicom_title)}
          </h2>
          {!data ? (
            <p className="muted" role="status">
              <FormattedMessage id="common.loading" />
            </p>
          ) : data.DicomConnections.length === 0 ? (
            <p className="muted" role="status">
              <FormattedMessage id="dashboard.dicom.none" />
            </p>
          ) : (
            <div className="table-wrap">
              <table className="table stats-table">
                <thead>
                  <tr>
                    <th scope="col">{t(M.dashboard_ae_title)}</th>
                    <th scope="col">{t(M.ip_address)}</th>
                    <th scope="col">
                      <FormattedMessage id="dashboard.dicom.since" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.DicomConnections.map((one, index) => (
                    <tr key={`${one.AETitle} ${one.RemoteAddress} ${one.Since} ${index}`}>
                      <td>{one.AETitle}</td>
                      <td className="nowrap">{one.RemoteAddress}</td>
                      <td className="nowrap">{formatDateTime(one.Since, data.TimeZone)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
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
                      <td className="nowrap">{formatDateTime(study.ReceivedAt, data.TimeZone)}</td>
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
        {admin && (
          <section className="card stats-card stats-card-wide" aria-labelledby="dashboard-events-title" data-testid="dashboard-events">
            <h2 id="dashboard-events-title" className="card-title">
              <FormattedMessage id="dashboard.last_events" />
            </h2>
            {!events.data ? (
              <p className="muted" role="status">
                {events.isError ? <FormattedMessage id="dashboard.events_failed" /> : <FormattedMessage id="common.loading" />}
              </p>
            ) : events.data.Events.length === 0 ? (
              <p className="muted" role="status">
                <FormattedMessage id="statistics.empty" />
              </p>
            ) : (
              <EventList events={events.data.Events} />
            )}
            <p className="stats-links">
              <Link to={paths.adminLog.getHref()}>
                <FormattedMessage id="dashboard.to_log" />
              </Link>
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
