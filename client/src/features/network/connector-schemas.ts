/**
 * Rules of the connector dialogs: the connector's name (common's `connectorNameProblem`) and a
 * connector's provider, whose port is unique within the connector (not_exist_provider, spec 3 §5).
 * The server checks the same rules again; these explain early.
 */
import * as yup from 'yup';
import { CONNECTOR_NAME_MAX_LENGTH, MESSAGES, connectorNameProblem } from '@pacs/common';
import { ACCOUNTS_ADMIN_MESSAGES as M, type Translate } from '../roles/index.ts';
import { nodeField, providerSchema, providerValues, type ProviderValues } from './schemas.ts';
import type { Connector, ConnectorInput, Provider } from './types.ts';

export interface ConnectorValues {
  Name: string;
  /** The institution number as the select holds it. */
  Institution: string;
}

export function connectorSchema(intl: Translate) {
  return yup.object({
    Name: yup.string().test('connector-name', (value, context) => {
      const problem = connectorNameProblem(value ?? '');
      if (!problem) return true;
      return context.createError({
        message:
          problem === MESSAGES.required
            ? intl.formatMessage(M.required)
            : intl.formatMessage(M.max_length, { length: CONNECTOR_NAME_MAX_LENGTH }),
      });
    }),
    Institution: yup.string().required(intl.formatMessage(M.required)),
  });
}

export function connectorValues(connector: Connector | undefined, institution: number): ConnectorValues {
  return { Name: connector?.Name ?? '', Institution: String(connector?.Institution ?? institution) };
}

export function connectorInput(values: ConnectorValues): ConnectorInput {
  return { Name: values.Name.trim(), Institution: Number(values.Institution) };
}

/** A connector's provider: the node rules, and not_exist_provider (its port unique within the connector). */
export function connectorProviderSchema(intl: Translate, connector: Connector, editingNo?: number) {
  const taken = connector.provider_items.filter((provider) => provider.No !== editingNo).map((provider) => provider.Port);
  return providerSchema(intl).shape({
    Port: nodeField(intl, 'Port').test(
      'not-exist-provider',
      intl.formatMessage(M.already_exists),
      (value) => !taken.includes(Number(value)),
    ),
  });
}

/** A new provider of a connector starts on 104 with anonymous users allowed, like a fresh modality network. */
export function connectorProviderValues(provider: Provider | undefined): ProviderValues {
  return provider ? providerValues(provider) : { Name: '', AETitle: '', Port: '104', AllowAnonymousUsers: true };
}
