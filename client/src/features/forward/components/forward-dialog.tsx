/**
 * The forward dialog (spec 2 §2 toolbar `forward`, needs list_forward): the selected studies,
 * series or instances to one send destination by C-STORE. The server checks what the user may
 * see and starts one job per study; the progress panel of the list follows them.
 */
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ForwardItem } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert, SelectField } from '../../../components/form-fields.tsx';
import { useSendDestinations } from '../../network/index.ts';
import { useCreateForward } from '../api/forwards.ts';

export interface ForwardDialogProps {
  items: readonly ForwardItem[];
  onClose: () => void;
}

/** How many studies, series and instances the items name (a series or instance counts its study once). */
export function forwardSummary(items: readonly ForwardItem[]): { studies: number; series: number; instances: number } {
  return {
    studies: new Set(items.map((item) => item.StudyInstanceUID)).size,
    series: items.filter((item) => item.SeriesInstanceUID !== undefined && item.SOPInstanceUID === undefined).length,
    instances: items.filter((item) => item.SOPInstanceUID !== undefined).length,
  };
}

export function ForwardDialog({ items, onClose }: ForwardDialogProps) {
  const intl = useIntl();
  const formId = useId();
  const destinations = useSendDestinations();
  const create = useCreateForward();
  const options = (destinations.data ?? []).map((destination) => ({
    value: String(destination.No),
    label: `${destination.Name} (${destination.CalledAETitle} · ${destination.IPAddress}:${destination.Port})`,
  }));
  const summary = forwardSummary(items);
  const none = destinations.isSuccess && options.length === 0;

  const submit = async ({ destination }: { destination: string }) => {
    await create.mutateAsync({ destination: Number(destination), items });
    onClose();
  };

  return (
    <Formik
      initialValues={{ destination: options[0]?.value ?? '' }}
      enableReinitialize
      onSubmit={(values) => submit(values).catch(() => undefined)}
    >
      {({ isSubmitting, values }) => (
        <Dialog
          title={<FormattedMessage id="forward.dialog.title" />}
          onClose={onClose}
          footer={
            <FormDialogFooter
              formId={formId}
              onCancel={onClose}
              disabled={isSubmitting || none || values.destination === '' || items.length === 0}
              submitLabel={isSubmitting ? <FormattedMessage id="forward.dialog.sending" /> : <FormattedMessage id="forward.dialog.send" />}
            />
          }
        >
          <Form id={formId} className="form" noValidate>
            <p>
              <FormattedMessage id="forward.dialog.summary" values={summary} />
            </p>
            {none ? (
              <FormAlert>
                <FormattedMessage id="forward.dialog.no_destinations" />
              </FormAlert>
            ) : (
              <SelectField
                name="destination"
                label={<FormattedMessage id="forward.dialog.destination" />}
                options={options}
                placeholder={destinations.isPending ? intl.formatMessage({ id: 'common.loading' }) : undefined}
              />
            )}
            <p className="muted">
              <FormattedMessage id="forward.dialog.note" />
            </p>
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
