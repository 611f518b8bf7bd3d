/**
 * The audit log's export (admin/general/log): a syslog collector that receives every record as a
 * DICOM audit message (IHE ATNA) over TCP or TLS, and how sending goes on this server.
 */
import { Field } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { parseAuditExport, type AuditExport } from '@pacs/common';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields.tsx';
import { SettingsForm } from '../../../components/save-form.tsx';
import { useUpdateAuditExport } from '../api/update-audit-export.ts';

interface Values {
  Enabled: boolean;
  Host: string;
  Port: string | number;
  Transport: string;
  CACertificate: string;
}

const fields = (values: Values) => ({ ...values, Enabled: String(values.Enabled), Port: String(values.Port).trim() });

export function AuditExportForm({ current }: { current: AuditExport }) {
  const intl = useIntl();
  const update = useUpdateAuditExport();
  const state = current.State;
  return (
    <SettingsForm<Values>
      titleId="audit-export-title"
      title={<FormattedMessage id="admin.log.export.title" />}
      description={<FormattedMessage id="admin.log.export.description" />}
      initialValues={{
        Enabled: current.Enabled,
        Host: current.Host,
        Port: String(current.Port),
        Transport: current.Transport,
        CACertificate: current.CACertificate,
      }}
      validate={(values) => parseAuditExport(fields(values)).problems}
      save={(values) => update.mutateAsync(parseAuditExport(fields(values)).settings)}
    >
      {({ values, errors, touched }) => (
        <>
          <CheckboxField name="Enabled" label={<FormattedMessage id="admin.log.export.enabled" />} />
          <div className="audit-export-target">
            <TextField name="Host" label={<FormattedMessage id="admin.log.export.host" />} autoComplete="off" spellCheck={false} />
            <TextField
              name="Port"
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              label={<FormattedMessage id="admin.log.export.port" />}
            />
            <SelectField
              name="Transport"
              label={<FormattedMessage id="admin.log.export.transport" />}
              options={[
                { value: 'tls', label: intl.formatMessage({ id: 'admin.log.export.tls' }) },
                { value: 'tcp', label: intl.formatMessage({ id: 'admin.log.export.tcp' }) },
              ]}
            />
          </div>
          {values.Transport === 'tcp' && (
            <FormAlert>
              <FormattedMessage id="admin.log.export.tcp_warning" />
            </FormAlert>
          )}
          {values.Transport === 'tls' && (
            <div className={`field${touched.CACertificate && errors.CACertificate ? ' field-invalid' : ''}`}>
              <label htmlFor="audit-export-ca" className="field-label">
                <FormattedMessage id="admin.log.export.ca" />
              </label>
              <Field
                as="textarea"
                id="audit-export-ca"
                name="CACertificate"
                className="input mono audit-export-ca"
                rows={4}
                spellCheck={false}
                placeholder="-----BEGIN CERTIFICATE-----"
                aria-describedby="audit-export-ca-hint"
              />
              <div id="audit-export-ca-hint" className="field-hint">
                <FormattedMessage id="admin.log.export.ca_hint" />
              </div>
              {touched.CACertificate && errors.CACertificate && <div className="field-error">{errors.CACertificate}</div>}
            </div>
          )}
          {current.Enabled && (
            <p role="status" className={state.Connected ? 'audit-chain-ok' : 'audit-chain-broken'} data-testid="audit-export-state">
              <FormattedMessage
                id="admin.log.export.state"
                values={{ connected: state.Connected ? 'yes' : 'no', queued: state.Queued, sent: state.Sent, dropped: state.Dropped }}
              />
              {state.LastError && (
                <>
                  {' '}
                  <FormattedMessage id="admin.log.export.last_error" values={{ error: state.LastError }} />
                </>
              )}
            </p>
          )}
        </>
      )}
    </SettingsForm>
  );
}
