/** The sign-in screen: Id and password, product identity, language picker. */
import { Form, Formik } from 'formik';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@pacs/common';
import { applyLanguage } from '../../../state/language.ts';
import { clearSession, loadSessionFor } from '../session.ts';
import { Logo } from '../../../components/icons.tsx';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { FormAlert, TextField } from '../../../components/form-fields.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useLogin } from '../api/login.ts';
import { OIDC_START_PATH, useOidcLoginOption } from '../../integration/index.ts';
import { loginSchema, type LoginValues } from '../login-schema.ts';
import '../auth.css';

/** Only in-app targets: an absolute or protocol-relative URL is never followed. */
function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith(paths.login.path)) return paths.list.path;
  return value;
}

export const LoginScreen = observer(function LoginScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const sso = useOidcLoginOption();
  // A single sign-on that did not verify comes back here with sso=failed.
  const [failed, setFailed] = useState(params.get('sso') === 'failed');
  const productName = sessionStore.serverState?.ProductName ?? PRODUCT_NAME;

  const submit = async (values: LoginValues) => {
    setFailed(false);
    try {
      const account = await login.mutateAsync({ Id: values.Id.trim(), Password: values.Password });
      clearSession();
      await loadSessionFor(account);
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 403) uiStore.openDialog('login_blocked');
      else setFailed(true);
    }
  };

  return (
    <div className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <Logo size={44} />
          <h1 className="login-title">{productName}</h1>
          <p className="login-subtitle">
            <FormattedMessage id="login.subtitle" />
          </p>
        </div>
        <Formik<LoginValues> initialValues={{ Id: '', Password: '' }} validationSchema={loginSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form className="form" noValidate aria-label={intl.formatMessage({ id: 'login.form' })}>
              <TextField
                name="Id"
                label={<FormattedMessage id="login.id" />}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
              />
              <TextField name="Password" type="password" label={<FormattedMessage id="login.password" />} autoComplete="current-password" />
              {failed && (
                <FormAlert>
                  <FormattedMessage id="errors.login_failed" />
                </FormAlert>
              )}
              <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
                {isSubmitting ? <FormattedMessage id="login.signing_in" /> : <FormattedMessage id="login.sign_in" />}
              </button>
            </Form>
          )}
        </Formik>
        {sso.data?.Enabled && (
          <div className="login-sso">
            <span className="login-sso-or" aria-hidden="true">
              <FormattedMessage id="login.or" />
            </span>
            <a className="button button-block" href={OIDC_START_PATH}>
              {sso.data.ButtonLabel ? (
                <FormattedMessage id="login.sso_with" values={{ name: sso.data.ButtonLabel }} />
              ) : (
                <FormattedMessage id="login.sso" />
              )}
            </a>
          </div>
        )}
        <div className="login-footer">
          <LanguageSelect value={uiStore.language} onChange={applyLanguage} compact />
        </div>
      </div>
    </div>
  );
});
