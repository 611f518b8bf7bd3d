import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form-fields.tsx';
import { useSaveConnectorProvider } from '../api/save-connector-provider.ts';
import { connectorProviderSchema, connectorProviderValues } from '../connector-schemas.ts';
import { useNodeDialogSubmit } from '../form-failure.ts';
import { providerInput, type ProviderValues } from '../schemas.ts';
import { PROVIDER_FORM_FIELDS, ProviderFields } from './provider-fields.tsx';
import type { Connector, Provider } from '../types.ts';

interface ConnectorProviderDialogProps {
  connector: Connector;
  /** Absent to add a provider to the connector. */
  provider?: Provider;
  onClose: () => void;
}

/** Add or edit a provider of a connector: an AE title and port the connector listens on at the site. */
export function ConnectorProviderDialog({ connector, provider, onClose }: ConnectorProviderDialogProps) {
  const intl = useIntl();
  const save = useSaveConnectorProvider();
  const schema = useMemo(() => connectorProviderSchema(intl, connector, provider?.No), [intl, connector, provider?.No]);

  const { message, submit } = useNodeDialogSubmit(PROVIDER_FORM_FIELDS, async (values: ProviderValues) => {
    await save.mutateAsync({ ...providerInput(values), Connector: connector.No, ...(provider ? { No: provider.No } : {}) });
    onClose();
  });

  return (
    <Formik initialValues={connectorProviderValues(provider)} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Dialog
          title={
            provider ? (
              <FormattedMessage id="network.connectors.provider_edit_title" values={{ name: provider.Name || provider.AETitle }} />
            ) : (
              <FormattedMessage id="network.connectors.provider_add_title" values={{ name: connector.Name }} />
            )
          }
          onClose={onClose}
          footer={<FormDialogFooter formId="connector-provider-form" onCancel={onClose} disabled={isSubmitting} />}
        >
          <Form id="connector-provider-form" className="form" noValidate>
            <ProviderFields
              portHint={<FormattedMessage id="network.connectors.port_hint" />}
              anonymousHint={<FormattedMessage id="network.connectors.allow_anonymous_hint" />}
            />
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
