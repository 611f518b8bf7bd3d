import { Form, Formik, type FormikHelpers } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_PASSWORD_CONFIG, type SignedAccount } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert, TextField } from '../../../components/form-fields.tsx';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { usePasswordConfig } from '../../security/index.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { profileSchema, type ProfileValues } from '../profile-schema.ts';
import { PasswordPolicyHint } from './password-policy-hint.tsx';

/** Name, title and password of the signed-in account (`PATCH /accounts/update`). */
export function ProfileDialog({ account, onClose }: { account: SignedAccount; onClose: () => void }) {
  const intl = useIntl();
  const policyQuery = usePasswordConfig();
  const policy = policyQuery.data ?? DEFAULT_PASSWORD_CONFIG;
  const update = useUpdateAccount();
  const initial: ProfileValues = { Name: account.Name, Title: account.Title, Password: '', ConfirmPassword: '', CurrentPassword: '' };

  const submit = async (values: ProfileValues, helpers: FormikHelpers<ProfileValues>) => {
    try {
      await update.mutateAsync({
        Id: account.Id,
        Name: values.Name.trim(),
        Title: values.Title,
        ...(values.Password ? { Password: values.Password, CurrentPassword: values.CurrentPassword } : {}),
      });
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) helpers.setErrors(fields);
    }
  };

  return (
    <Formik initialValues={initial} validationSchema={profileSchema(policy)} onSubmit={submit}>
      {({ isSubmitting, values }) => (
        <Dialog
          title={<FormattedMessage id="dialogs.profile.title" />}
          onClose={onClose}
          footer={<FormDialogFooter formId="profile-form" onCancel={onClose} disabled={isSubmitting} />}
        >
          <Form id="profile-form" className="form" noValidate>
            <div className="readonly-row">
              <span className="field-label">
                <FormattedMessage id="dialogs.profile.id" />
              </span>
              <span>{account.Id}</span>
            </div>
            <TextField name="Name" label={<FormattedMessage id="dialogs.profile.name" />} autoComplete="name" />
            <TextField name="Title" label={<FormattedMessage id="dialogs.profile.job_title" />} />
            <fieldset className="fieldset">
              <legend>
                <FormattedMessage id="dialogs.profile.change_password" />
              </legend>
              <TextField
                name="Password"
                type="password"
                autoComplete="new-password"
                label={<FormattedMessage id="dialogs.profile.new_password" />}
                hint={<PasswordPolicyHint policy={policy} />}
              />
              <TextField
                name="ConfirmPassword"
                type="password"
                autoComplete="new-password"
                label={<FormattedMessage id="dialogs.profile.confirm_password" />}
              />
              {values.Password && (
                <TextField
                  name="CurrentPassword"
                  type="password"
                  autoComplete="current-password"
                  label={<FormattedMessage id="dialogs.profile.current_password" />}
                />
              )}
            </fieldset>
            {update.isError && !serverFieldErrors(update.error) && (
              <FormAlert>{intl.formatMessage({ id: 'dialogs.profile.save_failed' })}</FormAlert>
            )}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
