import { Form, Formik } from 'formik';
import { FormattedMessage } from 'react-intl';
import type { PasswordConfig } from '@pacs/common';
import { CheckboxField, TextField } from '../../../components/form-fields.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { useUpdatePasswordConfig } from '../api/update-password-config.ts';
import { PASSWORD_LENGTH_LIMITS, passwordPolicySchema } from '../security-schemas.ts';

/** The password policy every new password must meet. */
export function PasswordPolicyForm({ config }: { config: PasswordConfig }) {
  const update = useUpdatePasswordConfig();
  const { saved, submit } = useSaveSubmit((values: PasswordConfig) =>
    update.mutateAsync({ ...values, MinimumPasswordLength: Number(values.MinimumPasswordLength) }),
  );

  return (
    <Formik initialValues={config} validationSchema={passwordPolicySchema} onSubmit={submit} enableReinitialize>
      {({ isSubmitting, dirty }) => (
        <Form className="form" noValidate aria-labelledby="password-policy-title">
          <h2 id="password-policy-title" className="card-title">
            <FormattedMessage id="admin.security.password_policy.title" />
          </h2>
          <p className="muted">
            <FormattedMessage id="admin.security.password_policy.description" />
          </p>
          <div className="form-row">
            <TextField
              name="MinimumPasswordLength"
              type="number"
              inputMode="numeric"
              min={PASSWORD_LENGTH_LIMITS.min}
              max={PASSWORD_LENGTH_LIMITS.max}
              label={<FormattedMessage id="admin.security.password_policy.minimum_length" />}
              suffix={<FormattedMessage id="admin.security.password_policy.characters" />}
              messageValues={PASSWORD_LENGTH_LIMITS}
            />
          </div>
          <div className="checkbox-grid">
            <CheckboxField name="ContainsLowercaseLetter" label={<FormattedMessage id="admin.security.password_policy.lowercase" />} />
            <CheckboxField name="ContainsUppercaseLetter" label={<FormattedMessage id="admin.security.password_policy.uppercase" />} />
            <CheckboxField name="ContainsNumber" label={<FormattedMessage id="admin.security.password_policy.number" />} />
            <CheckboxField name="ContainsSymbol" label={<FormattedMessage id="admin.security.password_policy.symbol" />} />
          </div>
          <SaveActions
            saved={saved}
            dirty={dirty}
            busy={isSubmitting}
            label={<FormattedMessage id="admin.security.password_policy.save" />}
          />
        </Form>
      )}
    </Formik>
  );
}
