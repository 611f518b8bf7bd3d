/** The retention period (TrashRetentionPeriod, days): how long an item stays in the bin before it is deleted for good. */
import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { TRASH_RETENTION_MAX_DAYS, type TrashSettings } from '@pacs/common';
import { TextField } from '../../../components/form-fields.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { useUpdateTrashSettings } from '../api/update-trash-settings.ts';
import { retentionSchema, type RetentionValues } from '../retention-schema.ts';

export function RetentionForm({ settings }: { settings: TrashSettings }) {
  const intl = useIntl();
  const update = useUpdateTrashSettings();
  const { saved, submit } = useSaveSubmit((values: RetentionValues) =>
    update.mutateAsync({ TrashRetentionPeriod: Number(values.TrashRetentionPeriod.trim()) }),
  );
  return (
    <Formik
      initialValues={{ TrashRetentionPeriod: String(settings.TrashRetentionPeriod) }}
      validationSchema={retentionSchema(intl)}
      onSubmit={submit}
      enableReinitialize
    >
      {({ isSubmitting, dirty }) => (
        <Form className="form" noValidate aria-labelledby="trash-retention-title">
          <h2 id="trash-retention-title" className="card-title">
            <FormattedMessage id="trash.retention.title" />
          </h2>
          <p className="muted">
            <FormattedMessage id="trash.retention.description" />
          </p>
          <TextField
            name="TrashRetentionPeriod"
            type="number"
            inputMode="numeric"
            min={1}
            max={TRASH_RETENTION_MAX_DAYS}
            label={<FormattedMessage id="trash.retention.label" />}
            suffix={<FormattedMessage id="trash.retention.days" />}
          />
          <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}
