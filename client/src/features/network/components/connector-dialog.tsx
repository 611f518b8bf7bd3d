import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields.tsx';
import { useInstitutions } from '../../institutions/index.ts';
import { useCreateConnector } from '../api/create-connector.ts';
import { useUpdateConnector } from '../api/update-connector.ts';
import { connectorInput, connectorSchema, connectorValues, type ConnectorValues } from '../connector-schemas.ts';
import { useNodeDialogSubmit } from '../form-failure.ts';
import type { Connector, CreatedConnector } from '../types.ts';

const FORM_FIELDS = ['Name', 'Institution'] as const;

interface ConnectorDialogProps {
  /** Absent to add a connector. */
  connector?: Connector;
  /** The institution a new connector starts in (the administrator's own). */
  institution: number;
  onClose: () => void;
  /** A new connector, whose key the key dialog shows next. */
  onCreated: (created: CreatedConnector) => void;
}

/** Add or edit a connector: its name and the institution whose studies it carries. */
export function ConnectorDialog({ connector, institution, onClose, onCreated }: ConnectorDialogProps) {
  const intl = useIntl();
  const create = useCreateConnector();
  const update = useUpdateConnector();
  const institutions = useInstitutions();
  const schema = useMemo(() => connectorSchema(intl), [intl]);
  // Institution 0 (none) is offered as "None" rather than by its name (spec 3 §3: left out of options).
  const options = useMemo(
    () => [
      { value: '0', label: intl.formatMessage({ id: 'network.connectors.no_institution' }) },
      ...(institutions.data ?? []).filter((one) => one.No !== 0).map((one) => ({ value: String(one.No), label: one.Name })),
    ],
    [institutions.data, intl],
  );

  const { message, submit } = useNodeDialogSubmit(FORM_FIELDS, async (values: ConnectorValues) => {
    const input = connectorInput(values);
    if (connector) {
      await update.mutateAsync({ No: connector.No, ...input });
      onClose();
    } else {
      onCreated(await create.mutateAsync(input));
    }
  });

  return (
    <Formik initialValues={connectorValues(connector, institution)} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Dialog
          title={
            connector ? (
              <FormattedMessage id="network.connectors.edit_title" values={{ name: connector.Name }} />
            ) : (
              <FormattedMessage id="network.connectors.add_title" />
            )
          }
          onClose={onClose}
          footer={<FormDialogFooter formId="connector-form" onCancel={onClose} disabled={isSubmitting} />}
        >
          <Form id="connector-form" className="form" noValidate>
            <TextField
              name="Name"
              label={<FormattedMessage id="network.name" />}
              hint={<FormattedMessage id="network.connectors.name_hint" />}
              autoComplete="off"
            />
            <SelectField name="Institution" label={<FormattedMessage id="accounts_admin.roles.institution" />} options={options} />
            {!connector && (
              <p className="field-hint">
                <FormattedMessage id="network.connectors.key_after_create" />
              </p>
            )}
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
