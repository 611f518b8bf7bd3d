import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { MESSAGES } from '@pacs/common';
import { ENGLISH } from '../../i18n/messages.ts';
import { errorsOf } from '../../lib/schema-errors.ts';
import {
  destinationInput,
  destinationSchema,
  destinationValues,
  dicomUserInput,
  dicomUserSchema,
  dicomUserValues,
  providerSchema,
  providerValues,
  restartsDicomService,
} from './schemas.ts';
import type { DicomUser, Provider } from './types.ts';

const intl = createIntl({ locale: 'en', messages: ENGLISH });
const AE_TITLE = ENGLISH['accounts_admin.validation.ae_title'];
const IP_ADDRESS = ENGLISH['network.validation.ip_address'];
const PORT = ENGLISH['network.validation.port'];

const user = (No: number, Provider: number, AETitle: string): DicomUser => ({
  No,
  Provider,
  Connector: null,
  Name: '',
  AETitle,
  IPAddress: '10.0.0.1',
  Port: 104,
});
const provider: Provider = {
  No: 1,
  Name: 'Archive',
  AETitle: 'ORTHANC',
  Port: 4242,
  AllowAnonymousUsers: true,
  Institution: 0,
  Connector: null,
  user_items: [],
};

describe('DICOM user schema', () => {
  const schema = dicomUserSchema(intl, [user(1, 1, 'CT_ONE'), user(2, 2, 'MR_TWO')], 7);
  const valid = { ...dicomUserValues(undefined, 1), AETitle: 'US_ONE', IPAddress: '192.168.1.20', Port: '104' };

  it('accepts a valid user and sends numbers', async () => {
    await expect(errorsOf(schema, valid)).resolves.toEqual({});
    expect(dicomUserInput({ ...valid, Name: '  Echo room ' })).toEqual({
      Provider: 1,
      Name: 'Echo room',
      AETitle: 'US_ONE',
      IPAddress: '192.168.1.20',
      Port: 104,
    });
  });

  it('explains each node field the way the server refuses it', async () => {
    await expect(errorsOf(schema, { ...valid, AETitle: '', IPAddress: '', Port: '' })).resolves.toEqual({
      AETitle: MESSAGES.required,
      IPAddress: MESSAGES.required,
      Port: MESSAGES.required,
    });
    for (const AETitle of ['A'.repeat(17), 'CT\\ONE', ' CT', 'CT ']) {
      await expect(errorsOf(schema, { ...valid, AETitle })).resolves.toEqual({ AETitle: AE_TITLE });
    }
    await expect(errorsOf(schema, { ...valid, AETitle: 'A'.repeat(16) })).resolves.toEqual({});
    for (const IPAddress of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'host.example']) {
      await expect(errorsOf(schema, { ...valid, IPAddress })).resolves.toEqual({ IPAddress: IP_ADDRESS });
    }
    for (const Port of ['0', '70000', '65536', '1.5', 'abc']) {
      await expect(errorsOf(schema, { ...valid, Port })).resolves.toEqual({ Port: PORT });
    }
    await expect(errorsOf(schema, { ...valid, Port: '65535' })).resolves.toEqual({});
  });

  it('wants an AE title unique within the provider, case-insensitively', async () => {
    await expect(errorsOf(schema, { ...valid, AETitle: 'ct_one' })).resolves.toEqual({ AETitle: MESSAGES.already_exists });
    // Another provider's AE title is free, and so is the user's own when it is edited.
    await expect(errorsOf(schema, { ...valid, AETitle: 'MR_TWO' })).resolves.toEqual({});
    const editing = dicomUserSchema(intl, [user(1, 1, 'CT_ONE')], 1);
    await expect(errorsOf(editing, { ...valid, AETitle: 'CT_ONE' })).resolves.toEqual({});
  });
});

describe('send destination schema', () => {
  const schema = destinationSchema(intl);
  const valid = {
    ...destinationValues(undefined, 'ORTHANC'),
    Name: 'Reading room',
    IPAddress: '10.1.1.5',
    Port: '11112',
    CalledAETitle: 'READ',
  };

  it('starts with the provider as the calling AE title and checks both AE titles', async () => {
    expect(destinationValues(undefined, 'ORTHANC').CallingAETitle).toBe('ORTHANC');
    await expect(errorsOf(schema, valid)).resolves.toEqual({});
    await expect(errorsOf(schema, { ...valid, Name: ' ', CalledAETitle: 'X\\Y', CallingAETitle: '' })).resolves.toEqual({
      Name: MESSAGES.required,
      CalledAETitle: AE_TITLE,
      CallingAETitle: MESSAGES.required,
    });
    expect(destinationInput(valid).Port).toBe(11112);
  });
});

describe('provider schema', () => {
  it('checks the AE title and port, and knows which changes restart the DICOM service', async () => {
    const schema = providerSchema(intl);
    const values = providerValues(provider);
    await expect(errorsOf(schema, values)).resolves.toEqual({});
    await expect(errorsOf(schema, { ...values, AETitle: 'B'.repeat(17), Port: '70000' })).resolves.toEqual({
      AETitle: AE_TITLE,
      Port: PORT,
    });
    expect(restartsDicomService(provider, { ...values, Name: 'Renamed' })).toBe(false);
    expect(restartsDicomService(provider, { ...values, Port: '104' })).toBe(true);
    expect(restartsDicomService(provider, { ...values, AETitle: 'PACS' })).toBe(true);
    expect(restartsDicomService(provider, { ...values, AllowAnonymousUsers: false })).toBe(true);
  });
});
