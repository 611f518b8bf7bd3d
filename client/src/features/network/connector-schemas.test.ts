import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { MESSAGES, connectorNameProblem, hasConnectors } from '@pacs/common';
import { ENGLISH } from '../../i18n/messages.ts';
import { errorsOf } from '../../lib/schema-errors.ts';
import { connectorInput, connectorProviderSchema, connectorProviderValues, connectorSchema, connectorValues } from './connector-schemas.ts';
import type { Connector, Provider } from './types.ts';

const intl = createIntl({ locale: 'en', messages: ENGLISH });

const provider = (No: number, Port: number): Provider => ({
  No,
  Name: '',
  AETitle: `AE${No}`,
  Port,
  AllowAnonymousUsers: true,
  Institution: 0,
  Connector: 7,
  user_items: [],
});

const connector: Connector = {
  No: 7,
  Name: 'North',
  Id: '7b0c7c2e-3b1a-4d8e-9f41-2f1f4c7a9a10',
  Institution: 0,
  KeyCreatedAt: '2026-11-26T10:00:00.000Z',
  provider_items: [provider(1, 104), provider(2, 11112)],
};

describe('connector rules', () => {
  it('has connectors in the cloud and teleradiology editions only', () => {
    expect(['cloud', 'sdmd_cloud', 'teleradiology'].every((edition) => hasConnectors(edition as 'cloud'))).toBe(true);
    expect(['on_premises', 'pacs', 'md', 'sdmd', 'media_viewer'].some((edition) => hasConnectors(edition as 'cloud'))).toBe(false);
  });

  it('requires a name of at most 64 characters, trimmed', async () => {
    expect(connectorNameProblem('  ')).toBe(MESSAGES.required);
    expect(connectorNameProblem('x'.repeat(65))).toBe(MESSAGES.max_length(64));
    expect(connectorNameProblem(` ${'x'.repeat(64)} `)).toBeNull();
    const schema = connectorSchema(intl);
    expect(await errorsOf(schema, { Name: '', Institution: '0' })).toEqual({ Name: ENGLISH['validation.required'] });
    expect(await errorsOf(schema, { Name: 'x'.repeat(65), Institution: '0' })).toEqual({
      Name: 'The field must be 64 character(s) or less',
    });
    expect(connectorInput({ Name: '  North  ', Institution: '3' })).toEqual({ Name: 'North', Institution: 3 });
    expect(connectorValues(undefined, 4)).toEqual({ Name: '', Institution: '4' });
  });

  it('refuses a provider port the connector already listens on, except the provider’s own', async () => {
    const adding = connectorProviderSchema(intl, connector);
    const values = { ...connectorProviderValues(undefined), AETitle: 'CT', Port: '11112' };
    expect(await errorsOf(adding, values)).toEqual({ Port: ENGLISH['errors.already_exists'] });
    expect(await errorsOf(adding, { ...values, Port: '11113' })).toEqual({});
    expect(await errorsOf(connectorProviderSchema(intl, connector, 2), values)).toEqual({});
  });
});
