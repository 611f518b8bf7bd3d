import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AE_TITLE_MAX_LENGTH, DEFAULT_PASSWORD_CONFIG } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert, TextField } from '../../../components/form-fields.tsx';
import { usePasswordConfig } from '../../security/index.ts';
import { useCreateAccount } from '../api/create-account.ts';
import { useUpdateAdminAccount } from '../api/update-account.ts';
import { KIND_LABELS } from '../../roles/index.ts';
import { accountSchema, accountValues, type AccountValues } from '../schemas.ts';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import type { AdminAccount } from '../types.ts';
import type { Institution } from '../../institutions/index.ts';
import type { Role } from '../../roles/index.ts';
import { GroupedSelectField, type OptionGroup } from './grouped-select-field.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

const FORM_FIELDS = ['Id', 'Password', 'Name', 'Title', 'Role', 'AETitle', 'ReferringPhysicianName'] as const;

interface AccountDialogProps {
  /** Absent to add an account. */
  account?: AdminAccount;
  accounts: readonly AdminAccount[];
  roles: readonly Role[];
  institutions: readonly Institution[];
  onClose: () => void;
}

/** Roles grouped by institution, institutions in number order. */
function roleGroups(roles: readonly Role[], institutions: readonly Institution[]): OptionGroup[] {
  return institutions
    .map((institution) => ({
      label: institution.Name,
      options: roles.filter((role) => role.Institution === institution.No).map((role) => ({ value: String(role.No), label: role.Name })),
    }))
    .filter((group) => group.options.length > 0);
}

/** Add or edit an account. Its institution and teleradiology kind follow from the role. */
export function AccountDialog({ account, accounts, roles, institutions, onClose }: AccountDialogProps) {
  const intl = useIntl();
  const mode = account ? 'edit' : 'add';
  const policy = usePasswordConfig().data ?? DEFAULT_PASSWORD_CONFIG;
  const create = useCreateAccount();
  const update = useUpdateAdminAccount();
  const [message, setMessage] = useState<string>();
  const schema = useMemo(
    () => accountSchema(intl, { mode, policy, otherIds: accounts.filter((other) => other.Id !== account?.Id).map((other) => other.Id) }),
    [intl, mode, policy, accounts, account],
  );
  const groups = useMemo(() => roleGroups(roles, institutions), [roles, institutions]);

  const submit = async (values: AccountValues, helpers: FormikHelpers<AccountValues>) => {
    setMessage(undefined);
    const fields = {
      Name: values.Name.trim(),
      Title: values.Title,
      Role: Number(values.Role),
      AETitle: values.AETitle.trim(),
      ReferringPhysicianName: values.ReferringPhysicianName.trim(),
    };
    try {
      if (account) await update.mutateAsync({ Id: account.Id, ...fields, ...(values.Password ? { Password: values.Password } : {}) });
      else await create.mutateAsync({ Id: values.Id.trim(), Password: values.Password, ...fields });
      onClose();
    } catch (error) {
      const failure = readDialogFailure(error, FORM_FIELDS, intl);
      helpers.setErrors(failure.fields);
      setMessage(failure.message);
    }
  };

  return (
    <Formik initialValues={accountValues(account)} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting, values }) => {
        const role = roles.find((candidate) => String(candidate.No) === values.Role);
        const institution = role ? institutions.find((candidate) => candidate.No === role.Institution) : undefined;
        return (
          <Dialog
            title={
              account ? (
                <FormattedMessage id="accounts_admin.accounts.edit_title" values={{ id: account.Id }} />
              ) : (
                <FormattedMessage id="accounts_admin.accounts.add_title" />
              )
            }
            onClose={onClose}
            footer={<FormDialogFooter formId="account-form" onCancel={onClose} disabled={isSubmitting} />}
          >
            <Form id="account-form" className="form" noValidate>
              {account ? (
                <div className="readonly-row">
                  <span className="field-label">
                    <FormattedMessage id="accounts_admin.accounts.id" />
                  </span>
                  <span>{account.Id}</span>
                </div>
              ) : (
                <TextField
                  name="Id"
                  label={<FormattedMessage id="accounts_admin.accounts.id" />}
                  hint={<FormattedMessage id="accounts_admin.accounts.id_hint" />}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
              <div className="form-row">
                <TextField
                  name="Password"
                  type="password"
                  autoComplete="new-password"
                  label={
                    account ? (
                      <FormattedMessage id="accounts_admin.accounts.new_password" />
                    ) : (
                      <FormattedMessage id="accounts_admin.accounts.password" />
                    )
                  }
                  hint={account ? <FormattedMessage id="accounts_admin.accounts.keep_password" /> : undefined}
                />
                <TextField
                  name="ConfirmPassword"
                  type="password"
                  autoComplete="new-password"
                  label={<FormattedMessage id="accounts_admin.accounts.confirm_password" />}
                />
              </div>
              {(!account || values.Password) && <PasswordChecklist policy={policy} password={values.Password} />}
              <div className="form-row">
                <TextField name="Name" label={<FormattedMessage id="accounts_admin.accounts.name" />} autoComplete="off" />
                <TextField name="Title" label={<FormattedMessage id="accounts_admin.accounts.job_title" />} autoComplete="off" />
              </div>
              <GroupedSelectField
                name="Role"
                label={<FormattedMessage id="accounts_admin.accounts.role" />}
                groups={groups}
                placeholder={intl.formatMessage({ id: 'accounts_admin.accounts.choose_role' })}
              />
              <div className="access-derived">
                <dl>
                  <div>
                    <dt>
                      <FormattedMessage id="accounts_admin.accounts.institution" />
                    </dt>
                    <dd>{institution?.Name ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>
                      <FormattedMessage id="accounts_admin.accounts.teleradiology" />
                    </dt>
                    <dd>{role?.Teleradiology ? intl.formatMessage(KIND_LABELS[role.Teleradiology]) : '—'}</dd>
                  </div>
                </dl>
                <p className="field-hint">
                  <FormattedMessage id="accounts_admin.accounts.derived_hint" />
                </p>
              </div>
              <div className="form-row">
                <TextField
                  name="AETitle"
                  label={<FormattedMessage id="accounts_admin.accounts.ae_title" />}
                  hint={<FormattedMessage id="accounts_admin.accounts.ae_title_hint" />}
                  maxLength={AE_TITLE_MAX_LENGTH}
                  spellCheck={false}
                />
                <TextField
                  name="ReferringPhysicianName"
                  label={<FormattedMessage id="accounts_admin.accounts.referring_physician" />}
                  hint={<FormattedMessage id="accounts_admin.accounts.referring_physician_hint" />}
                />
              </div>
              {message && <FormAlert>{message}</FormAlert>}
            </Form>
          </Dialog>
        );
      }}
    </Formik>
  );
}
