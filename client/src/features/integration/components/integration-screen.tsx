/**
 * admin/general/integration: single sign-on with the hospital's OpenID Connect provider (issue 19).
 * The redirect URI to register at the provider is shown as this browser reaches the product.
 */
import { Form, Formik } from 'formik';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { OIDC_ACCOUNT_CLAIMS, type OidcSettings } from '@pacs/common';
import { CheckboxField, SelectField, TextField } from '../../../components/form-fields.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { useRoles } from '../../roles/index.ts';
import { useOidcSettings, useUpdateOidcSettings } from '../api/oidc.ts';
import { initialValues, toUpdate, validateIntegration, type IntegrationValues } from '../integration-form.ts';
import '../integration.css';

const CLAIM_LABELS = defineMessages({
  preferred_username: { id: 'integration.claim.preferred_username' },
  email: { id: 'integration.claim.email' },
  sub: { id: 'integration.claim.sub' },
});

function OidcForm({ settings }: { settings: OidcSettings }) {
  const intl = useIntl();
  const roles = useRoles();
  const update = useUpdateOidcSettings();
  const { saved, submit } = useSaveSubmit((values: IntegrationValues) => update.mutateAsync(toUpdate(values)));
  const roleOptions = (roles.data ?? []).map((role) => ({ value: String(role.No), label: role.Name }));
  const claimOptions = OIDC_ACCOUNT_CLAIMS.map((claim) => ({
    value: claim,
    label: intl.formatMessage(CLAIM_LABELS[claim]),
  }));
  return (
    <Formik initialValues={initialValues(settings)} validate={validateIntegration(intl)} onSubmit={submit} enableReinitialize>
      {({ isSubmitting, dirty, values }) => (
        <Form className="form integration-form" noValidate aria-labelledby="integration-oidc-title">
          <h2 id="integration-oidc-title" className="card-title">
            <FormattedMessage id="integration.oidc.title" />
          </h2>
          <p className="muted">
            <FormattedMessage id="integration.oidc.description" />
          </p>
          <CheckboxField name="Enabled" label={<FormattedMessage id="integration.enabled" />} />
          <TextField
            name="Issuer"
            type="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://login.hospital.example/realms/radiology"
            label={<FormattedMessage id="integration.issuer" />}
            hint={<FormattedMessage id="integration.issuer_hint" />}
          />
          <div className="integration-redirect">
            <span className="field-label">
              <FormattedMessage id="integration.redirect_uri" />
            </span>
            <code dir="ltr">{`${window.location.origin}/viewer/api/login`}</code>
          </div>
          <TextField name="ClientId" autoComplete="off" spellCheck={false} label={<FormattedMessage id="integration.client_id" />} />
          <TextField
            name="ClientSecret"
            type="password"
            autoComplete="new-password"
            disabled={values.RemoveSecret}
            label={<FormattedMessage id="integration.client_secret" />}
            hint={
              settings.HasClientSecret ? (
                <FormattedMessage id="integration.client_secret_stored" />
              ) : (
                <FormattedMessage id="integration.client_secret_none" />
              )
            }
          />
          {settings.HasClientSecret && <CheckboxField name="RemoveSecret" label={<FormattedMessage id="integration.remove_secret" />} />}
          <TextField name="Scopes" spellCheck={false} label={<FormattedMessage id="integration.scopes" />} />
          <SelectField name="AccountClaim" label={intl.formatMessage({ id: 'integration.account_claim' })} options={claimOptions} />
          <CheckboxField name="CreateAccounts" label={<FormattedMessage id="integration.create_accounts" />} />
          {values.CreateAccounts && (
            <SelectField
              name="CreateRole"
              label={intl.formatMessage({ id: 'integration.create_role' })}
              options={roleOptions}
              placeholder={intl.formatMessage({ id: 'integration.choose_role' })}
            />
          )}
          <TextField
            name="ButtonLabel"
            label={<FormattedMessage id="integration.button_label" />}
            hint={<FormattedMessage id="integration.button_label_hint" />}
          />
          <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}

export function IntegrationScreen() {
  const settings = useOidcSettings();
  return (
    <div className="page integration-page">
      <PageHeader title={<FormattedMessage id="integration.title" />} description={<FormattedMessage id="integration.description" />} />
      <div className="card">
        {settings.data ? (
          <OidcForm settings={settings.data} />
        ) : (
          <p className="muted" role="status">
            <FormattedMessage id="common.loading" />
          </p>
        )}
      </div>
    </div>
  );
}
