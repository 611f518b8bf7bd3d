import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { useMemo, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TELERADIOLOGY_KINDS, type Edition, type TeleradiologyKind } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields.tsx';
import { useCreateRole } from '../api/create-role.ts';
import { useUpdateRole } from '../api/update-role.ts';
import { KIND_LABELS, STUDY_ACCESS_HINTS, STUDY_ACCESS_LABELS } from '../messages.ts';
import { grantable } from '../permission-grid.ts';
import { roleSchema, roleValues, selectableInstitutions, type RoleValues } from '../schemas.ts';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import { STUDY_ACCESS, type Role } from '../types.ts';
import { type Institution } from '../../institutions/index.ts';
import { PermissionCheckboxes } from './permission-checkboxes.tsx';
import { TargetsEditor } from './targets-editor.tsx';

const FORM_FIELDS = ['Name', 'Title', 'Institution', 'Teleradiology', 'StudyAccess', 'Permissions', 'Targets'] as const;

interface RoleDialogProps {
  /** Absent to add a role. */
  role?: Role;
  roles: readonly Role[];
  institutions: readonly Institution[];
  edition: Edition;
  onClose: () => void;
}

function kindOf(value: RoleValues['Teleradiology']): TeleradiologyKind | null {
  return value === '' ? null : value;
}

/** The kind select (teleradiology only): a new kind drops the permissions it cannot hold. */
function KindSelect({ edition }: { edition: Edition }) {
  const intl = useIntl();
  const { values, setFieldValue, handleBlur } = useFormikContext<RoleValues>();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const kind = event.target.value as RoleValues['Teleradiology'];
    void setFieldValue('Teleradiology', kind);
    void setFieldValue('Permissions', grantable(values.Permissions, edition, kindOf(kind)));
  };
  return (
    <div className="field">
      <label htmlFor="role-kind" className="field-label">
        <FormattedMessage id="accounts_admin.roles.teleradiology" />
      </label>
      <select
        id="role-kind"
        name="Teleradiology"
        className="input select"
        value={values.Teleradiology}
        onChange={onChange}
        onBlur={handleBlur}
      >
        <option value="">{intl.formatMessage({ id: 'accounts_admin.kinds.none' })}</option>
        {TELERADIOLOGY_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {intl.formatMessage(KIND_LABELS[kind])}
          </option>
        ))}
      </select>
    </div>
  );
}

function StudyAccessField() {
  const intl = useIntl();
  const { values, setFieldValue } = useFormikContext<RoleValues>();
  return (
    <fieldset className="fieldset study-access">
      <legend>
        <FormattedMessage id="accounts_admin.roles.study_access" />
      </legend>
      {STUDY_ACCESS.map((access) => (
        <label key={access} className="radio-option">
          <input
            type="radio"
            name="StudyAccess"
            value={access}
            checked={values.StudyAccess === access}
            onChange={() => void setFieldValue('StudyAccess', access)}
          />
          <span>
            <span className="radio-label">{intl.formatMessage(STUDY_ACCESS_LABELS[access])}</span>
            <span className="field-hint">{intl.formatMessage(STUDY_ACCESS_HINTS[access])}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Add or edit a role: name, institution, kind, study access, permissions and targets. */
export function RoleDialog({ role, roles, institutions, edition, onClose }: RoleDialogProps) {
  const intl = useIntl();
  const create = useCreateRole();
  const update = useUpdateRole();
  const [message, setMessage] = useState<string>();
  const choices = selectableInstitutions(institutions, role?.Institution);
  const schema = useMemo(() => roleSchema(intl, roles, role?.No), [intl, roles, role]);
  const teleradiology = edition === 'teleradiology';

  const submit = async (values: RoleValues, helpers: FormikHelpers<RoleValues>) => {
    setMessage(undefined);
    const kind = teleradiology ? kindOf(values.Teleradiology) : null;
    const input = {
      Name: values.Name.trim(),
      Title: values.Title,
      Institution: Number(values.Institution),
      Teleradiology: kind,
      StudyAccess: values.StudyAccess,
      Permissions: grantable(values.Permissions, edition, kind),
      Targets: values.Targets,
    };
    try {
      if (role) await update.mutateAsync({ No: role.No, ...input });
      else await create.mutateAsync(input);
      onClose();
    } catch (error) {
      const failure = readDialogFailure(error, FORM_FIELDS, intl);
      helpers.setErrors(failure.fields);
      setMessage([failure.fields.Permissions, failure.fields.Targets, failure.message].filter(Boolean).join(' ') || undefined);
    }
  };

  return (
    <Formik initialValues={roleValues(role, choices[0]?.No)} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting, values }) => (
        <Dialog
          title={
            role ? (
              <FormattedMessage id="accounts_admin.roles.edit_title" values={{ name: role.Name }} />
            ) : (
              <FormattedMessage id="accounts_admin.roles.add_title" />
            )
          }
          onClose={onClose}
          size="large"
          footer={<FormDialogFooter formId="role-form" onCancel={onClose} disabled={isSubmitting} />}
        >
          <Form id="role-form" className="form" noValidate>
            <div className="form-row">
              <TextField name="Name" label={<FormattedMessage id="accounts_admin.roles.name" />} autoComplete="off" />
              <TextField name="Title" label={<FormattedMessage id="accounts_admin.roles.role_title" />} autoComplete="off" />
            </div>
            <div className="form-row">
              <SelectField
                name="Institution"
                label={<FormattedMessage id="accounts_admin.roles.institution" />}
                options={choices.map((institution) => ({ value: String(institution.No), label: institution.Name }))}
                placeholder={intl.formatMessage({ id: 'common.select' })}
              />
              {teleradiology && <KindSelect edition={edition} />}
            </div>
            {choices.length === 0 && (
              <p className="field-hint">
                <FormattedMessage id="accounts_admin.roles.no_institution" />
              </p>
            )}
            <StudyAccessField />
            <PermissionCheckboxes name="Permissions" edition={edition} kind={teleradiology ? kindOf(values.Teleradiology) : null} />
            <TargetsEditor name="Targets" />
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
