import { Form, Formik } from 'formik';
import { FormattedMessage } from 'react-intl';
import type { AuthConfig } from '@pacs/common';
import { TextField } from '../../../components/form-fields.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { useUpdateAuthConfig } from '../api/update-auth-config.ts';
import { AUTH_LOCK_LIMITS, authLockSchema } from '../security-schemas.ts';

/** Failures before a lock, and how long the lock lasts (minutes). */
export function AuthLockForm({ config }: { config: AuthConfig }) {
  const update = useUpdateAuthConfig();
  const { saved, submit } = useSaveSubmit((values: AuthConfig) =>
    update.mutateAsync({ Threshold: Number(values.Threshold), LockTime: Number(values.LockTime) }),
  );

  return (
    <Formik initialValues={config} validationSchema={authLockSchema} onSubmit={submit} enableReinitialize>
      {({ isSubmitting, dirty }) => (
        <Form className="form" noValidate aria-labelledby="auth-lock-title">
          <h2 id="auth-lock-title" className="card-title">
            <FormattedMessage id="admin.security.auth_lock.title" />
          </h2>
          <p className="muted">
            <FormattedMessage id="admin.security.auth_lock.description" />
          </p>
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
          <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} label={<FormattedMessage id="admin.security.auth_lock.save" />} />
        </Form>
      )}
    </Formik>
  );
}
