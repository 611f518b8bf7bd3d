import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as yup from 'yup';
import type { Configs } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { SelectField } from '../../../components/form-fields.tsx';
import { VALIDATION } from '../../../lib/validation-messages.ts';
import { useReplaceConfigs } from '../api/replace-configs.ts';
import { browserTimeZone, countryOptions, timeZoneOptions } from '../countries.ts';

interface TimeZoneValues {
  country: string;
  time_zone: string;
}

const schema = yup.object({
  country: yup.string().required(VALIDATION.required.id),
  time_zone: yup.string().required(VALIDATION.required.id),
});

/**
 * Asked of an admin when the configs have no country or time zone yet (spec 1 §4). Saves each as
 * its own configs node.
 */
export function TimeZoneDialog({ configs, onClose }: { configs: Configs | null; onClose: () => void }) {
  const intl = useIntl();
  const replace = useReplaceConfigs();
  const countries = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  const zones = useMemo(() => timeZoneOptions(), []);
  const initial: TimeZoneValues = { country: configs?.country ?? '', time_zone: configs?.time_zone || browserTimeZone() };

  const submit = async (values: TimeZoneValues) => {
    await replace.mutateAsync({ key: 'country', value: values.country });
    await replace.mutateAsync({ key: 'time_zone', value: values.time_zone });
    onClose();
  };

  return (
    <Formik initialValues={initial} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Dialog
          title={<FormattedMessage id="dialogs.time_zone.title" />}
          onClose={onClose}
          footer={
            <FormDialogFooter
              formId="time-zone-form"
              onCancel={onClose}
              disabled={isSubmitting}
              cancelLabel={<FormattedMessage id="dialogs.time_zone.later" />}
            />
          }
        >
          <p className="muted">
            <FormattedMessage id="dialogs.time_zone.message" />
          </p>
          <Form id="time-zone-form" className="form" noValidate>
            <SelectField
              name="country"
              label={<FormattedMessage id="dialogs.time_zone.country" />}
              options={countries}
              placeholder={intl.formatMessage({ id: 'common.select' })}
            />
            <SelectField name="time_zone" label={<FormattedMessage id="dialogs.time_zone.time_zone" />} options={zones} />
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
