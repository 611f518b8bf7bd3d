import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MESSAGES } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import { useAddPatient } from '../api/add-patient.ts';
import { useUpdatePatient } from '../api/update-patient.ts';
import { SEX_LABELS } from '../messages.ts';
import { patientInput, patientProblemText, patientSchema, patientValues, type PatientValues } from '../schemas.ts';
import type { Patient } from '../types.ts';

const FORM_FIELDS = ['ID', 'Name', 'Sex', 'BirthDate', 'Comments'] as const;

export interface PatientDialogProps {
  /** The record to edit; absent to add one. */
  patient?: Patient;
  /** Starting values of a new record (the picker passes what was typed). */
  initial?: Partial<Patient>;
  /** PatientIDs already shown, for the early not_exist check (the server checks every record). */
  knownIds?: readonly string[];
  onSaved?: (patient: Patient) => void;
  onClose: () => void;
}

/** Add or edit a patient record (spec 2 §2 patient add and edit dialogs). */
export function PatientDialog({ patient, initial, knownIds = [], onSaved, onClose }: PatientDialogProps) {
  const intl = useIntl();
  const add = useAddPatient();
  const update = useUpdatePatient();
  const [message, setMessage] = useState<string>();
  const others = useMemo(() => knownIds.filter((id) => id !== patient?.PatientID), [knownIds, patient]);
  const schema = useMemo(() => patientSchema(intl, others), [intl, others]);
  const sexOptions = (['', 'M', 'F', 'O'] as const).map((sex) => ({ value: sex, label: intl.formatMessage(SEX_LABELS[sex]) }));

  const submit = async (values: PatientValues, helpers: FormikHelpers<PatientValues>) => {
    setMessage(undefined);
    try {
      const input = patientInput(values);
      const saved = patient ? await update.mutateAsync({ No: patient.No, ...input }) : await add.mutateAsync(input);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // A PatientID that has a record (409 naming ID) is explained under the field, like a 400.
      if (isApiError(error) && error.status === 409 && error.fields?.ID) {
        helpers.setErrors({ ID: patientProblemText(intl, MESSAGES.already_exists) });
        return;
      }
      const failure = readDialogFailure(error, FORM_FIELDS, intl);
      helpers.setErrors(Object.fromEntries(Object.entries(failure.fields).map(([field, text]) => [field, patientProblemText(intl, text)])));
      setMessage(failure.message);
    }
  };

  return (
    <Formik initialValues={patientValues(patient ?? initial)} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Dialog
          title={
            patient ? (
              <FormattedMessage id="patients.edit_title" values={{ id: patient.PatientID }} />
            ) : (
              <FormattedMessage id="patients.add_title" />
            )
          }
          onClose={onClose}
          footer={<FormDialogFooter formId="patient-form" onCancel={onClose} disabled={isSubmitting} />}
        >
          <Form id="patient-form" className="form" noValidate>
            <TextField name="ID" label={<FormattedMessage id="patients.fields.id" />} autoComplete="off" spellCheck={false} required />
            <TextField
              name="Name"
              label={<FormattedMessage id="patients.fields.name" />}
              hint={<FormattedMessage id="patients.name_hint" />}
              autoComplete="off"
              spellCheck={false}
            />
            <div className="form-row">
              <SelectField name="Sex" label={<FormattedMessage id="patients.fields.sex" />} options={sexOptions} />
              <TextField name="BirthDate" type="date" label={<FormattedMessage id="patients.fields.birth_date" />} max="9999-12-31" />
            </div>
            <TextField name="Comments" label={<FormattedMessage id="patients.fields.comments" />} autoComplete="off" />
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
