/**
 * The single sign-on form's values and their rules: common's oidcSettingsProblems (the server's
 * own), its messages turned into catalogue ids.
 */
import type { IntlShape } from 'react-intl';
import {
  MESSAGES,
  OIDC_ACCOUNT_CLAIMS,
  oidcSettingsProblems,
  type OidcAccountClaim,
  type OidcSettings,
  type OidcSettingsUpdate,
} from '@pacs/common';
import { VALIDATION } from '../../lib/validation-messages.ts';

export interface IntegrationValues {
  Enabled: boolean;
  Issuer: string;
  ClientId: string;
  /** Empty keeps the stored secret. */
  ClientSecret: string;
  RemoveSecret: boolean;
  Scopes: string;
  AccountClaim: string;
  CreateAccounts: boolean;
  CreateRole: string;
  ButtonLabel: string;
}

export function initialValues(settings: OidcSettings): IntegrationValues {
  return {
    Enabled: settings.Enabled,
    Issuer: settings.Issuer,
    ClientId: settings.ClientId,
    ClientSecret: '',
    RemoveSecret: false,
    Scopes: settings.Scopes,
    AccountClaim: settings.AccountClaim,
    CreateAccounts: settings.CreateAccounts,
    CreateRole: settings.CreateRole === null ? '' : String(settings.CreateRole),
    ButtonLabel: settings.ButtonLabel,
  };
}

export function toUpdate(values: IntegrationValues): OidcSettingsUpdate {
  const update: OidcSettingsUpdate = {
    Enabled: values.Enabled,
    Issuer: values.Issuer.trim(),
    ClientId: values.ClientId.trim(),
    Scopes: values.Scopes.trim(),
    AccountClaim: ((OIDC_ACCOUNT_CLAIMS as readonly string[]).includes(values.AccountClaim)
      ? values.AccountClaim
      : 'preferred_username') as OidcAccountClaim,
    CreateAccounts: values.CreateAccounts,
    CreateRole: values.CreateRole === '' ? null : Number(values.CreateRole),
    ButtonLabel: values.ButtonLabel.trim(),
  };
  if (values.RemoveSecret) update.ClientSecret = '';
  else if (values.ClientSecret !== '') update.ClientSecret = values.ClientSecret;
  return update;
}

/** Formik's validate: the shared rules, with translated messages. */
export function validateIntegration(intl: Pick<IntlShape, 'formatMessage'>) {
  return (values: IntegrationValues): Record<string, string> => {
    const problems = oidcSettingsProblems(toUpdate(values));
    const errors: Record<string, string> = {};
    for (const [field, problem] of Object.entries(problems)) {
      if (problem === MESSAGES.required) errors[field] = VALIDATION.required.id;
      else if (problem === MESSAGES.invalid) errors[field] = intl.formatMessage({ id: 'integration.invalid' });
      else errors[field] = intl.formatMessage({ id: 'integration.too_long' }, { max: Number(/\d+/.exec(problem)?.[0] ?? 0) });
    }
    return errors;
  };
}
