import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { CheckboxField, TextField } from '../../../components/form-fields.tsx';

/** The provider's fields in the order both provider dialogs show them (and map server errors to). */
export const PROVIDER_FORM_FIELDS = ['Name', 'AETitle', 'Port', 'AllowAnonymousUsers'] as const;

/**
 * A provider's name, AE title, port and anonymous access: the archive's own provider and a
 * connector's share them; only the hints say what the port and anonymous access mean there.
 */
export function ProviderFields({ portHint, anonymousHint }: { portHint: ReactNode; anonymousHint: ReactNode }) {
  return (
    <>
      <TextField name="Name" label={<FormattedMessage id="network.name" />} autoComplete="off" />
      <div className="form-row">
        <TextField
          name="AETitle"
          label={<FormattedMessage id="network.ae_title" />}
          hint={<FormattedMessage id="network.provider.ae_title_hint" />}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField name="Port" label={<FormattedMessage id="network.port" />} hint={portHint} inputMode="numeric" autoComplete="off" />
      </div>
      <CheckboxField name="AllowAnonymousUsers" label={<FormattedMessage id="network.provider.allow_anonymous" />} />
      <p className="field-hint network-checkbox-hint">{anonymousHint}</p>
    </>
  );
}
