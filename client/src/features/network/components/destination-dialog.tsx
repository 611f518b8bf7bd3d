import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert, TextField } from '../../../components/form-fields.tsx';
import { useCreateSendDestination } from '../api/create-send-destination.ts';
import { useUpdateSendDestination } from '../api/update-send-destination.ts';
import { useNodeDialogSubmit } from '../form-failure.ts';
import { destinationInput, destinationSchema, destinationValues, type DestinationValues } from '../schemas.ts';
import type { SendDestination } from '../types.ts';

const FORM_FIELDS = ['Name', 'IPAddress', 'Port', 'CalledAETitle', 'CallingAETitle'] as const;

interface DestinationDialogProps {
  /** Absent to add a destination. */
  destination?: SendDestination;
  /** The provider's AE title, the calling AE title a new destination starts with. */
  callingAeTitle?: string;
  onClose: () => void;
}

/** Add or edit a send destination: a DICOM node studies may be forwarded to. */
export function DestinationDialog({ destination, callingAeTitle, onClose }: DestinationDialogProps) {
  const intl = useIntl();
  const create = useCreateSendDestination();
  const update = useUpdateSendDestination();
  const schema = useMemo(() => destinationSchema(intl), [intl]);

  const { message, submit } = useNodeDialogSubmit(FORM_FIELDS, async (values: DestinationValues) => {
    const input = destinationInput(values);
    if (destination) await update.mutateAsync({ No: destination.No, ...input });
    else await create.mutateAsync(input);
    onClose();
  });

  return (
    <Formik initialValues={destinationValues(destination, callingAeTitle)} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Dialog
          title={
            destination ? (
              <FormattedMessage id="network.destinations.edit_title" values={{ name: destination.Name }} />
            ) : (
              <FormattedMessage id="network.destinations.add_title" />
            )
          }
          onClose={onClose}
          footer={<FormDialogFooter formId="destination-form" onCancel={onClose} disabled={isSubmitting} />}
        >
          <Form id="destination-form" className="form" noValidate>
            <TextField name="Name" label={<FormattedMessage id="network.name" />} autoComplete="off" />
            <div className="form-row">
              <TextField name="IPAddress" label={<FormattedMessage id="network.ip_address" />} inputMode="decimal" autoComplete="off" />
              <TextField name="Port" label={<FormattedMessage id="network.port" />} inputMode="numeric" autoComplete="off" />
            </div>
            <div className="form-row">
              <TextField
                name="CalledAETitle"
                label={<FormattedMessage id="network.called_ae_title" />}
                hint={<FormattedMessage id="network.destinations.called_hint" />}
                autoComplete="off"
                spellCheck={false}
              />
              <TextField
                name="CallingAETitle"
                label={<FormattedMessage id="network.calling_ae_title" />}
                hint={<FormattedMessage id="network.destinations.calling_hint" />}
                autoComplete="off"
                spellCheck={false}
              />
            </div>
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
