import { FormattedMessage } from 'react-intl';
import type { PasswordConfig } from '@pacs/common';
import { CheckboxField, TextField } from '../../../components/form-fields.tsx';
import { SettingsForm } from '../../../components/save-form.tsx';
import { useUpdatePasswordConfig } from '../api/update-password-config.ts';
import { PASSWORD_LENGTH_LIMITS, passwordPolicySchema } from '../security-schemas.ts';

/** The password policy every new password must meet. */
export function PasswordPolicyForm({ config }: { config: PasswordConfig }) {
  const update = useUpdatePasswordConfig();

  return (
    <SettingsForm<PasswordConfig>
      titleId="password-policy-title"
      title={<FormattedMessage id="admin.security.password_policy.title" />}
      description={<FormattedMessage id="admin.security.password_policy.description" />}
      initialValues={config}
      validationSchema={passwordPolicySchema}
      save={(values) => update.mutateAsync({ ...values, MinimumPasswordLength: Number(values.MinimumPasswordLength) })}
      saveLabel={<FormattedMessage id="admin.security.password_policy.save" />}
    >
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
    </SettingsForm>
  );
}
