/** admin/general/security: account lock settings, password policy, this month's locks. */
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { sessionStore } from '../../../state/index.ts';
import { useAuthConfig } from '../api/get-auth-config.ts';
import { usePasswordConfig } from '../api/get-password-config.ts';
import { AuthLockForm } from './auth-lock-form.tsx';
import { LocksTable } from './locks-table.tsx';
import { PasswordPolicyForm } from './password-policy-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

function Loading() {
  return (
    <p className="muted" role="status">
      <FormattedMessage id="common.loading" />
    </p>
  );
}

export const SecurityScreen = observer(function SecurityScreen() {
  const authConfig = useAuthConfig();
  const passwordConfig = usePasswordConfig();
  const timeZone = sessionStore.configs?.time_zone || undefined;
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="admin.security.title" />} />
      <div className="card-grid">
        <div className="card">{authConfig.data ? <AuthLockForm config={authConfig.data} /> : <Loading />}</div>
        <div className="card">{passwordConfig.data ? <PasswordPolicyForm config={passwordConfig.data} /> : <Loading />}</div>
      </div>
      <div className="card">
        <LocksTable {...(timeZone ? { timeZone } : {})} />
      </div>
    </div>
  );
});
