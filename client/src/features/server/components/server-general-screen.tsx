/**
 * admin/server/general (spec 3 §3 "Server status", §7 `/server/update`): the server's name, its
 * folders with what they take and what their disks have left, and how it serves (log level,
 * region, time zone, web ports, HTTPS), and the DICOM front receivers' spools when the front is on
 * (every replica's in a cluster, a replica not reporting shown as such).
 * Refreshed with the shell's 30-second status poll.
 */
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import {
  DICOM_FRONT_STALE_SECONDS,
  SERVER_NAME_MAX_LENGTH,
  serverNameProblem,
  type DicomFrontReport,
  type DicomFrontStatus,
  type FolderStatus,
  type ServerStatus,
} from '@pacs/common';
import { PageHeader } from '../../../components/page-header.tsx';
import { TextField } from '../../../components/form-fields.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { formatDateTime, formatFileSize } from '../../../lib/format.ts';
import { useServerStatus } from '../api/get-server-status.ts';
import { useUpdateServerName } from '../api/update-server-name.ts';
import { DefinitionRow, DefinitionTable } from '../../../components/definition-table.tsx';
import '../server.css';

function NameForm({ name }: { name: string }) {
  const update = useUpdateServerName();
  const { saved, submit } = useSaveSubmit((values: { Name: string }) => update.mutateAsync(values.Name));
  return (
    <Formik
      initialValues={{ Name: name }}
      validate={(values) => {
        const problem = serverNameProblem(values.Name);
        return problem ? { Name: problem } : {};
      }}
      onSubmit={submit}
      enableReinitialize
    >
      {({ isSubmitting, dirty }) => (
        <Form className="form" noValidate aria-labelledby="server-name-title">
          <h2 id="server-name-title" className="card-title">
            <FormattedMessage id="server_general.name.title" />
          </h2>
          <TextField
            name="Name"
            label={<FormattedMessage id="server_general.name.label" />}
            maxLength={SERVER_NAME_MAX_LENGTH}
            autoComplete="off"
          />
          <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}

function FolderRow({ label, folder }: { label: ReactNode; folder: FolderStatus }) {
  const intl = useIntl();
  const taken = folder.Capacity > 0 ? Math.round(((folder.Capacity - folder.Available) / folder.Capacity) * 100) : 0;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="mono server-path">{folder.Path}</td>
      <td>
        {folder.Exists ? (
          formatFileSize(folder.Used)
        ) : (
          <span className="muted">
            <FormattedMessage id="server_general.folders.missing" />
          </span>
        )}
      </td>
      <td>{formatFileSize(folder.Available)}</td>
      <td>
        <div className="server-disk">
          <span>{formatFileSize(folder.Capacity)}</span>
          <div
            className={`server-disk-bar${taken >= 90 ? ' server-disk-bar-full' : ''}`}
            role="meter"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={taken}
            aria-label={intl.formatMessage({ id: 'server_general.folders.disk_used' }, { percent: taken })}
          >
            <div style={{ inlineSize: `${taken}%` }} />
          </div>
        </div>
      </td>
    </tr>
  );
}

function Folders({ status }: { status: ServerStatus }) {
  return (
    <section className="card" aria-labelledby="server-folders-title">
      <h2 id="server-folders-title" className="card-title">
        <FormattedMessage id="server_general.folders.title" />
      </h2>
      <div className="table-wrap">
        <table className="table server-folders">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="server_general.folders.folder" />
              </th>
              <th scope="col">
                <FormattedMessage id="server_general.folders.path" />
              </th>
              <th scope="col">
                <FormattedMessage id="server_general.folders.used" />
              </th>
              <th scope="col">
                <FormattedMessage id="server_general.folders.available" />
              </th>
              <th scope="col">
                <FormattedMessage id="server_general.folders.capacity" />
              </th>
            </tr>
          </thead>
          <tbody>
            <FolderRow label={<FormattedMessage id="server_general.folders.main" />} folder={status.MainFolderStatus} />
            <FolderRow label={<FormattedMessage id="server_general.folders.logs" />} folder={status.LogFolderStatus} />
            {status.BackupFolderStatuses.map((folder) => (
              <FolderRow key={folder.Path} label={<FormattedMessage id="server_general.folders.backup" />} folder={folder} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        <FormattedMessage
          id="server_general.folders.measured_at"
          values={{ time: formatDateTime(status.MeasuredAt, status.TimeZone || undefined) }}
        />
      </p>
    </section>
  );
}

const facts = defineMessages({
  log_level: { id: 'server_general.server.log_level' },
  region: { id: 'server_general.server.region' },
  time_zone: { id: 'server_general.server.time_zone' },
  // The localization screen's title for the same setting: one name for it everywhere.
  charset: { id: 'admin.localization.charset_title' },
  http: { id: 'server_general.server.http' },
  https: { id: 'server_general.server.https' },
  info: { id: 'server_general.server.log_info' },
  verbose: { id: 'server_general.server.log_verbose' },
  not_set: { id: 'server_general.server.not_set' },
  port_on: { id: 'server_general.server.port_on' },
  off: { id: 'server_general.server.off' },
});

/** The DICOM term and what it covers, as the localization screen lists it: `ISO_IR 192 — Unicode (UTF-8)`. */
function characterSetText({ Name, list }: ServerStatus['DefaultSpecificCharacterSets']): string {
  const label = list.find((item) => item.Name === Name)?.label;
  return label ? `${Name} — ${label}` : Name;
}

function ServerFacts({ status }: { status: ServerStatus }) {
  const intl = useIntl();
  const web = status.WebServerStatus;
  const onOff = (use: boolean, port: number | null) =>
    use && port !== null ? intl.formatMessage(facts.port_on, { port }) : intl.formatMessage(facts.off);
  const rows = [
    [facts.log_level, intl.formatMessage(status.LogLevel === 'verbose' ? facts.verbose : facts.info)],
    [facts.region, status.Region ? status.Region.toUpperCase() : intl.formatMessage(facts.not_set)],
    [facts.time_zone, status.TimeZone],
    [facts.charset, characterSetText(status.DefaultSpecificCharacterSets)],
    [facts.http, onOff(web.HTTPUse, web.HTTPPort)],
    [facts.https, onOff(web.HTTPSUse, web.HTTPSPort)],
  ] as const;
  return (
    <section className="card" aria-labelledby="server-facts-title">
      <h2 id="server-facts-title" className="card-title">
        <FormattedMessage id="server_general.server.title" />
      </h2>
      <DefinitionTable>
        {rows.map(([label, value]) => (
          <DefinitionRow key={label.id} label={<FormattedMessage {...label} />}>
            {value}
          </DefinitionRow>
        ))}
      </DefinitionTable>
    </section>
  );
}

const front = defineMessages({
  pending: { id: 'server_general.dicom_front.pending' },
  failed: { id: 'server_general.dicom_front.failed' },
  stored: { id: 'server_general.dicom_front.stored' },
});

const frontColumns = defineMessages({
  // The network screens' word for a DICOM port.
  port: { id: 'network.port' },
  pending: { id: 'server_general.dicom_front.col_pending' },
  failed: { id: 'server_general.dicom_front.col_failed' },
  stored: { id: 'server_general.dicom_front.col_stored' },
  last_seen: { id: 'server_general.dicom_front.last_seen' },
});

/**
 * Each front when there are several (a cluster's replicas each front a node) or one is not
 * reporting: a dead replica's spool holds files nobody hands to the archive until it is back, so
 * it stays listed with its last counts.
 */
function FrontBreakdown({ fronts, timeZone }: { fronts: DicomFrontReport[]; timeZone: string }) {
  const intl = useIntl();
  const silent = fronts.some((each) => !each.Reporting);
  // On a phone each front is a card, every count under its column's heading (`data-label`, server.css).
  const label = (message: MessageDescriptor) => intl.formatMessage(message);
  return (
    <>
      <h3 className="server-front-subtitle">
        <FormattedMessage id="server_general.dicom_front.fronts_title" />
      </h3>
      {silent ? (
        <p className="server-front-silent-note" role="status">
          <FormattedMessage id="server_general.dicom_front.not_reporting_note" values={{ seconds: DICOM_FRONT_STALE_SECONDS }} />
        </p>
      ) : null}
      <div className="table-wrap server-fronts-wrap">
        <table className="table table-cards server-fronts">
          <thead>
            <tr>
              {Object.values(frontColumns).map((column) => (
                <th key={column.id} scope="col">
                  <FormattedMessage {...column} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {fronts.map((each) => (
              <tr key={each.Port} data-port={each.Port} className={each.Reporting ? undefined : 'server-front-silent'}>
                <th scope="row">
                  {each.Port}
                  {each.Reporting ? null : (
                    <span className="status-badge server-front-silent-badge">
                      <FormattedMessage id="server_general.dicom_front.not_reporting" />
                    </span>
                  )}
                </th>
                <td data-label={label(frontColumns.pending)}>{intl.formatNumber(each.Pending)}</td>
                <td data-label={label(frontColumns.failed)} className={each.Failed > 0 ? 'server-front-failed' : undefined}>
                  {intl.formatNumber(each.Failed)}
                </td>
                <td data-label={label(frontColumns.stored)}>{intl.formatNumber(each.Stored)}</td>
                <td data-label={label(frontColumns.last_seen)}>{formatDateTime(each.LastSeen, timeZone || undefined)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The DICOM front receivers' spools (shown when the front is on): what modalities were told is
 * stored and the archive does not hold yet, what the archive refused, and what it took since the
 * start; the totals over the fronts reporting, then each front when there are several.
 */
function DicomFront({ counts, timeZone }: { counts: DicomFrontStatus; timeZone: string }) {
  const intl = useIntl();
  const rows = [
    [front.pending, counts.Pending],
    [front.failed, counts.Failed],
    [front.stored, counts.Stored],
  ] as const;
  const breakdown = counts.Fronts.length > 1 || counts.Fronts.some((each) => !each.Reporting);
  return (
    <section className="card" aria-labelledby="server-front-title">
      <h2 id="server-front-title" className="card-title">
        <FormattedMessage id="server_general.dicom_front.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="server_general.dicom_front.note" />
      </p>
      <DefinitionTable testId="server-front-totals">
        {rows.map(([label, value]) => (
          <DefinitionRow
            key={label.id}
            label={<FormattedMessage {...label} />}
            className={label === front.failed && value > 0 ? 'server-front-failed' : undefined}
          >
            {intl.formatNumber(value)}
          </DefinitionRow>
        ))}
      </DefinitionTable>
      {breakdown ? <FrontBreakdown fronts={counts.Fronts} timeZone={timeZone} /> : null}
    </section>
  );
}

export function ServerGeneralScreen() {
  const status = useServerStatus(true);
  return (
    <div className="page">
      <PageHeader
        title={<FormattedMessage id="server_general.title" />}
        description={<FormattedMessage id="server_general.description" />}
      />
      {status.data ? (
        <>
          <div className="card-grid">
            <div className="card">
              <NameForm name={status.data.Name} />
            </div>
            <ServerFacts status={status.data} />
          </div>
          {status.data.DicomFront ? <DicomFront counts={status.data.DicomFront} timeZone={status.data.TimeZone} /> : null}
          <Folders status={status.data} />
        </>
      ) : (
        <div className="card">
          <p className="muted" role="status">
            {status.isError ? <FormattedMessage id="server_general.unavailable" /> : <FormattedMessage id="common.loading" />}
          </p>
        </div>
      )}
    </div>
  );
}
