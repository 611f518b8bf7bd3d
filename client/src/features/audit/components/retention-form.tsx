/** How long the audit log keeps records (RetentionDays; 0 keeps them for ever). */
import { Form, Formik } from 'formik';
import { FormattedMessage } from 'react-intl';
import { AUDIT_RETENTION_MAX_DAYS, auditRetentionProblem, type AuditSettings } from '@pacs/common';
import { TextField } from '../../../components/form-fields.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { useUpdateAuditSettings } from '../api/update-audit-settings.ts';

export function AuditRetentionForm({ settings }: { settings: AuditSettings }) {
  const update = useUpdateAuditSettings();
  // Formik hands a number input's value back as a number once edited: read it through String().
  const { saved, submit } = useSaveSubmit((values: { RetentionDays: string | number }) =>
    update.mutateAsync({ RetentionDays: Number(String(values.RetentionDays).trim()) }),
  );
  return (
    <Formik
      initialValues={{ RetentionDays: String(settings.RetentionDays) as string | number }}
      validate={(values) => {
        const problem = auditRetentionProblem(String(values.RetentionDays));
        return problem ? { RetentionDays: problem } : {};
      }}
      onSubmit={submit}
      enableReinitialize
    >
      {({ isSubmitting, dirty }) => (
        <Form className="form" noValidate aria-labelledby="audit-retention-title">
          <h2 id="audit-retention-title" className="card-title">
            <FormattedMessage id="admin.log.retention.title" />
          </h2>
          <p className="muted">
            <FormattedMessage id="admin.log.retention.description" />
          </p>
          <TextField
            name="RetentionDays"
            type="number"
            inputMode="numeric"
            min={0}
            max={AUDIT_RETENTION_MAX_DAYS}
            label={<FormattedMessage id="admin.log.retention.label" />}
            suffix={<FormattedMessage id="admin.log.retention.days" />}
          />
          <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}
