/**
 * The list's edit dialogs (spec 2 §2 "edit (study, series, instance)"), opened from the toolbar's
 * Edit for the one selected row. The archive rewrites the files keeping their UIDs; the dialog
 * shows 'Editing…' meanwhile and then how many studies were rewritten (a patient-level edit may
 * reach several).
 */
import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { EditResult, EditTag } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../../components/form-fields.tsx';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import { useEditInstance } from '../api/edit-instance.ts';
import { useEditSeries } from '../api/edit-series.ts';
import { useEditStudy } from '../api/edit-study.ts';
import { changedTags, editSchema, editTags, editValues, type EditTarget, type EditValues } from '../edit-form.ts';

const LABELS: Record<EditTag, { id: string }> = defineMessages({
  PatientName: { id: 'columns.patient_name' },
  PatientID: { id: 'columns.patient_id' },
  PatientBirthDate: { id: 'columns.patient_birth_date' },
  PatientSex: { id: 'columns.patient_sex' },
  PatientComments: { id: 'columns.patient_comments' },
  PatientAge: { id: 'columns.patient_age' },
  StudyDate: { id: 'columns.study_date' },
  StudyTime: { id: 'columns.study_time' },
  StudyDescription: { id: 'columns.study_description' },
  AccessionNumber: { id: 'columns.accession_number' },
  StudyID: { id: 'columns.study_id' },
  SeriesDescription: { id: 'columns.series_description' },
  SeriesNumber: { id: 'columns.series_number' },
  BodyPartExamined: { id: 'columns.body_part_examined' },
  InstanceNumber: { id: 'columns.instance_number' },
});

const TITLES = defineMessages({
  study: { id: 'edit.title.study' },
  series: { id: 'edit.title.series' },
  instance: { id: 'edit.title.instance' },
});

const SEX = defineMessages({
  none: { id: 'edit.sex.none' },
  M: { id: 'edit.sex.male' },
  F: { id: 'edit.sex.female' },
  O: { id: 'edit.sex.other' },
});

export interface EditDialogProps {
  target: EditTarget;
  onClose: () => void;
  /** After the archive rewrote the files: the list reloads. */
  onSaved: (result: EditResult) => void;
}

export function EditDialog({ target, onClose, onSaved }: EditDialogProps) {
  const intl = useIntl();
  const editStudy = useEditStudy();
  const editSeries = useEditSeries();
  const editInstance = useEditInstance();
  const [message, setMessage] = useState<string>();
  const [result, setResult] = useState<EditResult>();
  const initial = useMemo(() => editValues(target), [target]);
  const schema = useMemo(() => editSchema(intl, target), [intl, target]);
  const { patient, other } = editTags(target);
  const formFields = [...patient, ...other];

  const submit = async (values: EditValues, helpers: FormikHelpers<EditValues>) => {
    setMessage(undefined);
    const Tags = changedTags(initial, values);
    if (Object.keys(Tags).length === 0) {
      onClose();
      return;
    }
    const { study } = target;
    try {
      const answer =
        target.level === 'study'
          ? await editStudy.mutateAsync({
              StudyInstanceUID: study.StudyInstanceUID,
              Tags,
              AllStudiesOfPatient: values.AllStudiesOfPatient === true,
            })
          : target.level === 'series'
            ? await editSeries.mutateAsync({
                StudyInstanceUID: study.StudyInstanceUID,
                SeriesInstanceUID: target.series.SeriesInstanceUID,
                Tags,
              })
            : await editInstance.mutateAsync({
                StudyInstanceUID: study.StudyInstanceUID,
                SeriesInstanceUID: target.series.SeriesInstanceUID,
                SOPInstanceUID: target.instance.SOPInstanceUID,
                Tags,
              });
      onSaved(answer);
      if (target.level === 'study' && values.AllStudiesOfPatient) setResult(answer);
      else onClose();
    } catch (error) {
      const failure = readDialogFailure(error, formFields, intl);
      helpers.setErrors(failure.fields);
      setMessage(failure.message);
    }
  };

  const field = (tag: EditTag) => {
    const label = <FormattedMessage {...LABELS[tag]} />;
    if (tag === 'PatientSex') {
      return (
        <SelectField
          key={tag}
          name={tag}
          label={label}
          placeholder={intl.formatMessage(SEX.none)}
          options={(['M', 'F', 'O'] as const).map((value) => ({ value, label: intl.formatMessage(SEX[value]) }))}
        />
      );
    }
    if (tag === 'PatientBirthDate' || tag === 'StudyDate') return <TextField key={tag} name={tag} label={label} type="date" />;
    if (tag === 'StudyTime') return <TextField key={tag} name={tag} label={label} type="time" step={1} />;
    if (tag === 'PatientAge') {
      return (
        <TextField
          key={tag}
          name={tag}
          label={label}
          hint={<FormattedMessage id="edit.age_hint" />}
          autoComplete="off"
          spellCheck={false}
        />
      );
    }
    const numeric = tag === 'SeriesNumber' || tag === 'InstanceNumber';
    return (
      <TextField
        key={tag}
        name={tag}
        label={label}
        autoComplete="off"
        dir={numeric ? undefined : 'auto'}
        inputMode={numeric ? 'numeric' : undefined}
      />
    );
  };

  const subject = [
    formatPersonName(target.study.PatientName ?? '', sessionStore.nameForm) || target.study.PatientID,
    target.study.StudyDescription,
  ]
    .filter(Boolean)
    .join(' · ');

  if (result) {
    return (
      <Dialog
        title={intl.formatMessage(TITLES.study)}
        onClose={onClose}
        size="small"
        footer={
          <button type="button" className="button button-primary" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
        }
      >
        <FormAlert tone="success">
          <FormattedMessage id="edit.done" values={{ count: result.Studies }} />
        </FormAlert>
      </Dialog>
    );
  }

  return (
    <Formik initialValues={initial} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Dialog
          title={intl.formatMessage(TITLES[target.level])}
          onClose={onClose}
          dismissible={!isSubmitting}
          footer={
            <FormDialogFooter
              formId="edit-form"
              onCancel={onClose}
              disabled={isSubmitting}
              submitLabel={isSubmitting ? <FormattedMessage id="edit.editing" /> : undefined}
            />
          }
        >
          <Form id="edit-form" className="form edit-form" noValidate aria-busy={isSubmitting}>
            {subject && (
              <p className="muted edit-subject">
                <bdi>{subject}</bdi>
              </p>
            )}
            {patient.length > 0 && (
              <fieldset className="fieldset">
                <legend>
                  <FormattedMessage id="edit.patient" />
                </legend>
                <div className="edit-grid">{patient.map(field)}</div>
                <CheckboxField name="AllStudiesOfPatient" label={<FormattedMessage id="edit.all_studies" />} />
              </fieldset>
            )}
            {target.level === 'study' ? (
              <fieldset className="fieldset">
                <legend>
                  <FormattedMessage id="edit.study" />
                </legend>
                <div className="edit-grid">{other.map(field)}</div>
              </fieldset>
            ) : (
              <div className="edit-grid">{other.map(field)}</div>
            )}
            <p className="muted edit-note">
              <FormattedMessage id="edit.note" />
            </p>
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
