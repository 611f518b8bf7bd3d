import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields.tsx';
import { useCreateDicomUser } from '../api/create-dicom-user.ts';
import { useUpdateDicomUser } from '../api/update-dicom-user.ts';
import { nodeDialogFailure } from '../form-failure.ts';
import { dicomUserInput, dicomUserSchema, dicomUserValues, type DicomUserValues } from '../schemas.ts';
import type { DicomUser, Provider } from '../types.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { handleError } from '../../../lib/error-effects.ts';

const FORM_FIELDS = ['Provider', 'Name', 'AETitle', 'IPAddress', 'Port'] as const;

interface DicomUserDialogProps {
  /** Absent to add a DICOM user. */
  user?: DicomUser;
  users: readonly DicomUser[];
  providers: readonly Provider[];
  onClose: () => void;
}

/** Add or edit a DICOM user: a modality allowed to store into and query a provider. */
export function DicomUserDialog({ user, users, providers, onClose }: DicomUserDialogProps) {
  const intl = useIntl();
  const create = useCreateDicomUser();
  const update = useUpdateDicomUser();
  const [message, setMessage] = useState<string>();
  const schema = useMemo(() => dicomUserSchema(intl, users, user?.No), [intl, users, user]);
  const providerOptions = providers.map((provider) => ({
    value: String(provider.No),
    label: `${provider.Name || provider.AETitle} (${provider.AETitle}:${provider.Port})`,
  }));

  const submit = async (values: DicomUserValues, helpers: FormikHelpers<DicomUserValues>) => {
    setMessage(undefined);
    try {
      const input = dicomUserInput(values);
      if (user) await update.mutateAsync({ No: user.No, ...input });
      else await create.mutateAsync(input);
      onClose();
    } catch (error) {
      // The licence's DICOM connections are all used: the limit dialog says so (spec 1 §2).
      if (isApiError(error) && error.code === 'dicom_connection_limit') {
        onClose();
        handleError(error);
        return;
      }
      const failure = nodeDialogFailure(error, FORM_FIELDS, intl);
      helpers.setErrors(failure.fields);
      setMessage(failure.message);
    }
  };

  return (
    <Formik initialValues={dicomUserValues(user, providers[0]?.No)} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Dialog
          title={
            user ? (
              <FormattedMessage id="network.users.edit_title" values={{ name: user.Name || user.AETitle }} />
            ) : (
              <FormattedMessage id="network.users.add_title" />
            )
          }
          onClose={onClose}
          footer={<FormDialogFooter formId="dicom-user-form" onCancel={onClose} disabled={isSubmitting} />}
        >
          <Form id="dicom-user-form" className="form" noValidate>
            {/* On premises the archive has one provider: nothing to choose. */}
            {providers.length > 1 && (
              <SelectField name="Provider" label={<FormattedMessage id="network.users.provider" />} options={providerOptions} />
            )}
            <TextField name="Name" label={<FormattedMessage id="network.name" />} autoComplete="off" />
            <TextField
              name="AETitle"
              label={<FormattedMessage id="network.ae_title" />}
              hint={<FormattedMessage id="network.users.ae_title_hint" />}
              autoComplete="off"
              spellCheck={false}
            />
            <div className="form-row">
              <TextField name="IPAddress" label={<FormattedMessage id="network.ip_address" />} inputMode="decimal" autoComplete="off" />
              <TextField name="Port" label={<FormattedMessage id="network.port" />} inputMode="numeric" autoComplete="off" />
            </div>
            {message && <FormAlert>{message}</FormAlert>}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
