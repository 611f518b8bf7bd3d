import { FormattedMessage } from 'react-intl';
import type { AuthConfig } from '@pacs/common';
import { TextField } from '../../../components/form-fields.tsx';
import { SettingsForm } from '../../../components/save-form.tsx';
import { useUpdateAuthConfig } from '../api/update-auth-config.ts';
import { AUTH_LOCK_LIMITS, authLockSchema } from '../security-schemas.ts';

/** Failures before a lock, and how long the lock lasts (minutes). */
export function AuthLockForm({ config }: { config: AuthConfig }) {
  const update = useUpdateAuthConfig();

  return (
    <SettingsForm<AuthConfig>
      titleId="auth-lock-title"
      title={<FormattedMessage id="admin.security.auth_lock.title" />}
      description={<FormattedMessage id="admin.security.auth_lock.description" />}
      initialValues={config}
      validationSchema={authLockSchema}
      save={(values) => update.mutateAsync({ Threshold: Number(values.Threshold), LockTime: Number(values.LockTime) })}
      saveLabel={<FormattedMessage id="admin.security.auth_lock.save" />}
    >
      <div className="form-row">
        <TextField
          name="Threshold"
          type="number"
          inputMode="numeric"
          min={AUTH_LOCK_LIMITS.threshold.min}
          max={AUTH_LOCK_LIMITS.threshold.max}
          label={<FormattedMessage id="admin.security.auth_lock.threshold" />}
          suffix={<FormattedMessage id="admin.security.auth_lock.failures" />}
          messageValues={AUTH_LOCK_LIMITS.threshold}
        />
        <TextField
          name="LockTime"
          type="number"
          inputMode="numeric"
          min={AUTH_LOCK_LIMITS.lockTime.min}
          max={AUTH_LOCK_LIMITS.lockTime.max}
          label={<FormattedMessage id="admin.security.auth_lock.lock_time" />}
          suffix={<FormattedMessage id="admin.security.auth_lock.minutes" />}
          messageValues={AUTH_LOCK_LIMITS.lockTime}
        />
      </div>
    </SettingsForm>
  );
}
