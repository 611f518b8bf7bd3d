/**
 * The mwm add and edit dialogs (spec 2 §2): the patient, the order and the scheduled procedure
 * step. The rules are the adapter's (entry-form.ts); a refusal the server still sends goes next to
 * its field (a taken accession number too). Editing an entry not yet started can take it off the
 * modalities' list (disabled) and put it back.
 */
import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MESSAGES } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import { PatientPicker } from '../../patients/index.ts';
import { ACCOUNTS_ADMIN_MESSAGES as M } from '../../roles/index.ts';
import { useCreateWorklistEntry } from '../api/create-worklist-entry.ts';
import { useUpdateWorklistEntry } from '../api/update-worklist-entry.ts';
import { ENTRY_FIELDS, emptyValues, entryInput, entrySchema, entryValues, patientValues, type EntryValues } from '../entry-form.ts';
import { SEX_LABELS } from '../messages.ts';
import type { WorklistItem } from '../types.ts';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';

interface EntryDialogProps {
  /** Absent to add an entry. */
  entry?: WorklistItem | undefined;
  /** The visible modalities of the configs, offered first. */
  modalities: readonly string[];
  /** Today as yyyy-mm-dd in the site's time zone: a new entry's date. */
  today: string;
  onSaved: (item: WorklistItem) => void;
  onClose: () => void;
}

const FORM_ID = 'worklist-entry-form';

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="worklist-fieldset">
      <legend className="worklist-legend">{title}</legend>
      {children}
    </fieldset>
  );
}

export function EntryDialog({ entry, modalities, today, onSaved, onClose }: EntryDialogProps) {
  const intl = useIntl();
  const create = useCreateWorklistEntry();
  const update = useUpdateWorklistEntry();
  const [message, setMessage] = useState<string>();
  const schema = useMemo(() => entrySchema(intl), [intl]);
  const initial = useMemo(() => (entry ? entryValues(entry) : emptyValues(today, modalities[0])), [entry, today, modalities]);
  const started = entry !== undefined && entry.Status !== 'none' && entry.Status !== 'disabled';
  const modalityOptions = [...new Set([...modalities, initial.Modality].filter(Boolean))].map((value) => ({ value, label: value }));
  const sexOptions = (['M', 'F', 'O'] as const).map((value) => ({ value, label: intl.formatMessage(SEX_LABELS[value]) }));

  const submit = async (values: EntryValues, helpers: FormikHelpers<EntryValues>) => {
    setMessage(undefined);
    try {
      const input = entryInput(values);
      const saved = entry
        ? await update.mutateAsync({ ...input, UID: entry.UID, ...(started ? {} : { Status: values.Disabled ? 'disabled' : 'none' }) })
        : await create.mutateAsync(input);
      onSaved(saved);
      onClose();
    } catch (error) {
      // A taken accession number answers 409 with the field: shown under it, like a 400.
      if (isApiError(error) && error.status === 409 && error.fields?.AccessionNumber === MESSAGES.already_exists) {
        helpers.setErrors({ AccessionNumber: intl.formatMessage(M.already_exists) });
        return;
      }
      const failure = readDialogFailure(error, ENTRY_FIELDS, intl);
      helpers.setErrors(failure.fields);
      setMessage(failure.message);
    }
  };

  const text = (name: keyof EntryValues, label: ReactNode, extra: Omit<ComponentProps<typeof TextField>, 'name' | 'label'> = {}) => (
    <TextField name={name} label={label} autoComplete="off" {...extra} />
  );

  return (
    <Formik initialValues={initial} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting, setValues }) => (
        <Dialog
          size="large"
          title={
            entry ? (
              <FormattedMessage
                id="worklist.dialog.edit_title"
                values={{ name: formatPersonName(entry.PatientName, sessionStore.nameForm) || entry.PatientID }}
              />
            ) : (
              <FormattedMessage id="worklist.dialog.add_title" />
            )
          }
          onClose={onClose}
          footer={<FormDialogFooter formId={FORM_ID} onCancel={onClose} disabled={isSubmitting} />}
        >
          <Form id={FORM_ID} className="form worklist-form" noValidate>
            <Section title={<FormattedMessage id="worklist.dialog.patient" />}>
              {/* A new entry picks its patient from the records (or creates one): the five fields below fill in. */}
              {!entry && (
                <PatientPicker onChange={(patient) => void setValues((values) => ({ ...values, ...patientValues(patient) }), true)} />
              )}
              <div className="form-row">
                {text('PatientID', <FormattedMessage id="columns.patient_id" />)}
                {text('PatientName', <FormattedMessage id="columns.patient_name" />, {
                  hint: <FormattedMessage id="worklist.dialog.name_hint" />,
                })}
              </div>
              <div className="form-row">
                {text('PatientBirthDate', <FormattedMessage id="columns.patient_birth_date" />, { type: 'date' })}
                <SelectField
                  name="PatientSex"
                  label={<FormattedMessage id="columns.patient_sex" />}
                  options={sexOptions}
                  placeholder={intl.formatMessage({ id: 'worklist.sex.none' })}
                />
                {text('PatientAge', <FormattedMessage id="columns.patient_age" />, {
                  placeholder: '045Y',
                  hint: <FormattedMessage id="worklist.dialog.age_hint" />,
                })}
              </div>
            </Section>
            <Section title={<FormattedMessage id="worklist.dialog.procedure" />}>
              <div className="form-row">
                <SelectField name="Modality" label={<FormattedMessage id="columns.modality" />} options={modalityOptions} />
                {text('ScheduledProcedureStepStartDate', <FormattedMessage id="worklist.fields.start_date" />, { type: 'date' })}
                {text('ScheduledProcedureStepStartTime', <FormattedMessage id="worklist.fields.start_time" />, { type: 'time', step: 1 })}
              </div>
              <div className="form-row">
                {text('ScheduledStationAETitle', <FormattedMessage id="worklist.fields.station_ae_title" />, {
                  spellCheck: false,
                  hint: <FormattedMessage id="worklist.dialog.station_hint" />,
                })}
                {text('AccessionNumber', <FormattedMessage id="columns.accession_number" />, { spellCheck: false })}
              </div>
              <div className="form-row">
                {text('RequestedProcedureID', <FormattedMessage id="worklist.fields.requested_procedure_id" />)}
                {text('RequestedProcedureDescription', <FormattedMessage id="worklist.fields.requested_procedure_description" />)}
              </div>
              <div className="form-row">
                {text('ScheduledProcedureStepID', <FormattedMessage id="worklist.fields.step_id" />)}
                {text('ScheduledProcedureStepDescription', <FormattedMessage id="worklist.fields.step_description" />)}
              </div>
              <div className="form-row">
                {text('ReferringPhysicianName', <FormattedMessage id="columns.referring_physician_name" />)}
                {text('ScheduledPerformingPhysicianName', <FormattedMessage id="columns.performing_physician_name" />)}
              </div>
              {entry && !started && <CheckboxField name="Disabled" label={<FormattedMessage id="worklist.dialog.disabled" />} />}
            </Section>
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
