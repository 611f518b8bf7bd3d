import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { CheckboxField, FormAlert, TextField } from '../../../components/form-fields.tsx';
import { useUpdateProvider } from '../api/update-provider.ts';
import { nodeDialogFailure } from '../form-failure.ts';
import { providerInput, providerSchema, providerValues, restartsDicomService, type ProviderValues } from '../schemas.ts';
import type { Provider } from '../types.ts';

const FORM_FIELDS = ['Name', 'AETitle', 'Port', 'AllowAnonymousUsers'] as const;

/** Edit the provider: the archive's own AE title and DICOM port, and who may store into it. */
export function ProviderDialog({ provider, onClose }: { provider: Provider; onClose: () => void }) {
  const intl = useIntl();
  const update = useUpdateProvider();
  const [message, setMessage] = useState<string>();
  const schema = useMemo(() => providerSchema(intl), [intl]);

  const submit = async (values: ProviderValues, helpers: FormikHelpers<ProviderValues>) => {
    setMessage(undefined);
    try {
      await update.mutateAsync({ No: provider.No, ...providerInput(values) });
      onClose();
    } catch (error) {
      const failure = nodeDialogFailure(error, FORM_FIELDS, intl);
      helpers.setErrors(failure.fields);
      setMessage(failure.message);
    }
  };

  return (
    <Formik initialValues={providerValues(provider)} validationSchema={schema} onSubmit={submit}>
      {({ values, isSubmitting }) => (
        <Dialog
          title={<FormattedMessage id="network.provider.edit_title" />}
          onClose={onClose}
          footer={
            <FormDialogFooter
              formId="provider-form"
              onCancel={onClose}
              disabled={isSubmitting}
              {...(isSubmitting ? { submitLabel: <FormattedMessage id="network.saving" /> } : {})}
            />
          }
        >
          <Form id="provider-form" className="form" noValidate>
            <TextField name="Name" label={<FormattedMessage id="network.name" />} autoComplete="off" />
            <div className="form-row">
              <TextField
                name="AETitle"
                label={<FormattedMessage id="network.ae_title" />}
                hint={<FormattedMessage id="network.provider.ae_title_hint" />}
                autoComplete="off"
                spellCheck={false}
              />
              <TextField
                name="Port"
                label={<FormattedMessage id="network.port" />}
                hint={<FormattedMessage id="network.provider.port_hint" />}
                inputMode="numeric"
                autoComplete="off"
              />
            </div>
            <CheckboxField name="AllowAnonymousUsers" label={<FormattedMessage id="network.provider.allow_anonymous" />} />
            <p className="field-hint network-checkbox-hint">
              <FormattedMessage id="network.provider.allow_anonymous_hint" />
            </p>
            {restartsDicomService(provider, values) && (
              <div className="alert network-alert-warning" role="status">
                <FormattedMessage id="network.provider.restart_warning" />
              </div>
            )}
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
