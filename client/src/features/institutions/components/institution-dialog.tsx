import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert, TextField } from '../../../components/form-fields.tsx';
import { useCreateInstitution } from '../api/create-institution.ts';
import { useUpdateInstitution } from '../api/update-institution.ts';
import { institutionSchema, institutionValues, type InstitutionValues } from '../schemas.ts';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import type { Institution } from '../types.ts';
import { TargetsEditor } from '../../roles/index.ts';

const FORM_FIELDS = ['Name', 'Address', 'Email', 'Phone', 'Fax', 'Website'] as const;

interface InstitutionDialogProps {
  /** Absent to add an institution. */
  institution?: Institution;
  institutions: readonly Institution[];
  onClose: () => void;
}

/** Add or edit an institution: contact details and the studies it reaches. */
export function InstitutionDialog({ institution, institutions, onClose }: InstitutionDialogProps) {
  const intl = useIntl();
  const create = useCreateInstitution();
  const update = useUpdateInstitution();
  const [message, setMessage] = useState<string>();
  const schema = useMemo(() => institutionSchema(intl, institutions, institution?.No), [intl, institutions, institution]);

  const submit = async (values: InstitutionValues, helpers: FormikHelpers<InstitutionValues>) => {
    setMessage(undefined);
    const input = { ...values, Name: values.Name.trim(), Email: values.Email.trim() };
    try {
      if (institution) await update.mutateAsync({ No: institution.No, ...input });
      else await create.mutateAsync(input);
      onClose();
    } catch (error) {
      const failure = readDialogFailure(error, FORM_FIELDS, intl);
      helpers.setErrors(failure.fields);
      setMessage(failure.message);
    }
  };

  return (
    <Formik initialValues={institutionValues(institution)} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Dialog
          title={
            institution ? (
              <FormattedMessage id="accounts_admin.institutions.edit_title" values={{ name: institution.Name }} />
            ) : (
              <FormattedMessage id="accounts_admin.institutions.add_title" />
            )
          }
          onClose={onClose}
          size="large"
          footer={<FormDialogFooter formId="institution-form" onCancel={onClose} disabled={isSubmitting} />}
        >
          <Form id="institution-form" className="form" noValidate>
            <TextField name="Name" label={<FormattedMessage id="accounts_admin.institutions.name" />} autoComplete="off" />
            <TextField name="Address" label={<FormattedMessage id="accounts_admin.institutions.address" />} autoComplete="off" />
            <div className="form-row">
              <TextField name="Email" type="email" label={<FormattedMessage id="accounts_admin.institutions.email" />} autoComplete="off" />
              <TextField
                name="Website"
                type="url"
                label={<FormattedMessage id="accounts_admin.institutions.website" />}
                autoComplete="off"
              />
            </div>
            <div className="form-row">
              <TextField name="Phone" type="tel" label={<FormattedMessage id="accounts_admin.institutions.phone" />} autoComplete="off" />
              <TextField name="Fax" type="tel" label={<FormattedMessage id="accounts_admin.institutions.fax" />} autoComplete="off" />
            </div>
            <TargetsEditor name="Targets" />
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
