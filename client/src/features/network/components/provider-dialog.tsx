import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form-fields.tsx';
import { useUpdateProvider } from '../api/update-provider.ts';
import { useNodeDialogSubmit } from '../form-failure.ts';
import { providerInput, providerSchema, providerValues, restartsDicomService, type ProviderValues } from '../schemas.ts';
import { PROVIDER_FORM_FIELDS, ProviderFields } from './provider-fields.tsx';
import type { Provider } from '../types.ts';

/** Edit the provider: the archive's own AE title and DICOM port, and who may store into it. */
export function ProviderDialog({ provider, onClose }: { provider: Provider; onClose: () => void }) {
  const intl = useIntl();
  const update = useUpdateProvider();
  const schema = useMemo(() => providerSchema(intl), [intl]);

  const { message, submit } = useNodeDialogSubmit(PROVIDER_FORM_FIELDS, async (values: ProviderValues) => {
    await update.mutateAsync({ No: provider.No, ...providerInput(values) });
    onClose();
  });

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
            <ProviderFields
              portHint={<FormattedMessage id="network.provider.port_hint" />}
              anonymousHint={<FormattedMessage id="network.provider.allow_anonymous_hint" />}
            />
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
