/** The "template add" and "template edit" dialogs: a folder's name, or a template's name and its text per section. */
import { Form, Formik, useField } from 'formik';
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/form-fields.tsx';
import { TEMPLATE_NAME_MAX, templateSchema, type TemplateValues } from '../template-schema.ts';

function TextAreaField({ name, label }: { name: string; label: ReactNode }) {
  const id = useId();
  const [field] = useField<string>(name);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea id={id} className="input report-textarea" rows={4} {...field} value={field.value ?? ''} />
    </div>
  );
}

export interface TemplateDialogProps {
  kind: 'folder' | 'template';
  mode: 'add' | 'edit';
  initial: TemplateValues;
  onSubmit: (values: TemplateValues) => void;
  onClose: () => void;
}

export function TemplateDialog({ kind, mode, initial, onSubmit, onClose }: TemplateDialogProps) {
  const title =
    kind === 'folder' ? (
      mode === 'add' ? (
        <FormattedMessage id="reports.templates.add_folder" />
      ) : (
        <FormattedMessage id="reports.templates.edit_folder" />
      )
    ) : mode === 'add' ? (
      <FormattedMessage id="reports.templates.add_template" />
    ) : (
      <FormattedMessage id="reports.templates.edit_template" />
    );
  return (
    <Dialog title={title} onClose={onClose} size={kind === 'folder' ? 'small' : 'large'}>
      <Formik
        initialValues={initial}
        validationSchema={templateSchema}
        onSubmit={(values) => onSubmit({ ...values, label: values.label.trim() })}
      >
        <Form className="form" noValidate>
          <TextField
            name="label"
            label={<FormattedMessage id="reports.templates.name" />}
            maxLength={TEMPLATE_NAME_MAX}
            autoComplete="off"
          />
          {kind === 'template' && (
            <>
              <TextAreaField name="findings" label={<FormattedMessage id="reports.section.findings" />} />
              <TextAreaField name="impression" label={<FormattedMessage id="reports.section.impression" />} />
              <TextAreaField name="comments" label={<FormattedMessage id="reports.section.comments" />} />
            </>
          )}
          <div className="form-actions">
            <button type="button" className="button" onClick={onClose}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="submit" className="button button-primary">
              <FormattedMessage id="common.ok" />
            </button>
          </div>
        </Form>
      </Formik>
    </Dialog>
  );
}
