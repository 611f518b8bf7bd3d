/**
 * admin/general/license (spec 3 §2): the licence table (id, type, licensed to, licence and support
 * periods, maximum studies, web and DICOM connections; 0 or a 9999 date shown as unlimited), the
 * distributor table, and Activation (hidden for a Professional licence). Without a licence it
 * says the site runs unlimited.
 */
import { useState } from 'react';
import { FormattedMessage, defineMessage } from 'react-intl';
import { isUnlimited, type LicenseStatus } from '@pacs/common';
import { PageHeader } from '../../../components/page-header.tsx';
import { useServiceInfo } from '../api/get-service-info.ts';
import { LICENCE_TYPE_MESSAGES } from '../summary.ts';
import { ActivationDialog } from './activation-dialog.tsx';
import { DefinitionRow, DefinitionTable } from '../../../components/definition-table.tsx';
import '../licence.css';

const unlimited = <FormattedMessage id="licence.unlimited" />;
const limit = (value: number) => (isUnlimited(value) ? unlimited : value.toLocaleString());
const period = (value: string) => (value === '' ? '—' : isUnlimited(value) ? unlimited : value.replace('-', ' – '));

function Validity({ valid }: { valid: boolean }) {
  return (
    <span className={`badge ${valid ? 'badge-ok' : 'badge-bad'}`}>
      {valid ? <FormattedMessage id="licence.valid" /> : <FormattedMessage id="licence.expired" />}
    </span>
  );
}

function LicenceTable({ status }: { status: LicenseStatus }) {
  return (
    <DefinitionTable testId="licence-table">
      <DefinitionRow label={<FormattedMessage id="licence.id" />}>{status.LicenseId || '—'}</DefinitionRow>
      <DefinitionRow label={<FormattedMessage id="licence.type" />}>
        {status.IsEmpty ? <FormattedMessage id="licence.none" /> : <FormattedMessage {...LICENCE_TYPE_MESSAGES[status.LicenseType]} />}
      </DefinitionRow>
      <DefinitionRow label={<FormattedMessage id="licence.licensed_to" />}>{status.LicensedTo || '—'}</DefinitionRow>
      <DefinitionRow label={<FormattedMessage id="licence.licence_period" />}>
        {period(status.LicensePeriod)} {!status.IsEmpty && <Validity valid={status.LicenseValid} />}
      </DefinitionRow>
      <DefinitionRow label={<FormattedMessage id="licence.support_period" />}>
        {period(status.SupportPeriod)} {!status.IsEmpty && <Validity valid={status.SupportValid} />}
      </DefinitionRow>
      <DefinitionRow label={<FormattedMessage id="licence.max_studies" />}>{limit(status.MaxNumberOfStudy)}</DefinitionRow>
      <DefinitionRow label={<FormattedMessage id="licence.max_web_connections" />}>{limit(status.MaxNumberOfWebConnection)}</DefinitionRow>
      <DefinitionRow label={<FormattedMessage id="licence.max_dicom_connections" />}>
        {limit(status.MaxNumberOfDicomConnection)}
      </DefinitionRow>
      <DefinitionRow label={<FormattedMessage id="licence.max_monthly_shares" />}>{limit(status.MaxNumberOfSharedStudy)}</DefinitionRow>
    </DefinitionTable>
  );
}

export function DistributorTable({ status }: { status: LicenseStatus }) {
  const { Distributor: distributor } = status;
  const fields = [
    ['Name', defineMessage({ id: 'licence.distributor_fields.name' })],
    ['Address', defineMessage({ id: 'licence.distributor_fields.address' })],
    ['Email', defineMessage({ id: 'licence.distributor_fields.email' })],
    ['Phone', defineMessage({ id: 'licence.distributor_fields.phone' })],
    ['Fax', defineMessage({ id: 'licence.distributor_fields.fax' })],
    ['Website', defineMessage({ id: 'licence.distributor_fields.website' })],
  ] as const;
  return (
    <DefinitionTable testId="distributor-table">
      {fields.map(([field, message]) => (
        <DefinitionRow key={field} label={<FormattedMessage {...message} />}>
          {field === 'Website' && distributor.Website ? (
            <a href={distributor.Website} target="_blank" rel="noreferrer noopener">
              {distributor.Website}
            </a>
          ) : field === 'Email' && distributor.Email ? (
            <a href={`mailto:${distributor.Email}`}>{distributor.Email}</a>
          ) : (
            distributor[field] || '—'
          )}
        </DefinitionRow>
      ))}
    </DefinitionTable>
  );
}

export function LicenceScreen() {
  const info = useServiceInfo();
  const [activating, setActivating] = useState(false);
  const status = info.data?.LicenseStatus;
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="licence.title" />}>
        {status && status.LicenseType !== 'Professional' && (
          <button type="button" className="button button-primary" onClick={() => setActivating(true)}>
            <FormattedMessage id="licence.activation" />
          </button>
        )}
      </PageHeader>
      {!status ? (
        <p className="muted" role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : (
        <>
          {status.IsEmpty && (
            <p className="alert licence-unlimited" role="status">
              <FormattedMessage id="licence.unlicensed" />
            </p>
          )}
          <div className="card-grid">
            <section className="card">
              <h2 className="card-title">
                <FormattedMessage id="licence.licence" />
              </h2>
              <LicenceTable status={status} />
            </section>
            <section className="card">
              <h2 className="card-title">
                <FormattedMessage id="licence.distributor" />
              </h2>
              <DistributorTable status={status} />
            </section>
          </div>
        </>
      )}
      {activating && <ActivationDialog onClose={() => setActivating(false)} />}
    </div>
  );
}
