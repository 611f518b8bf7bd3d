import { describe, expect, it } from 'vitest';
import { deviceIdentificationProblems, gs1CheckDigit, isGs1Serial, isGtin14, udiText } from './devices.ts';
import { licencePayloadProblems } from './licence.ts';

const DEVICE = {
  Class: 'IIa',
  CommonName: 'Medical image management system',
  SalesName: 'Open PACS MD',
  CertificationNumber: '306ADBZX00001000',
  DeviceIdentifiers: ['04912345678904'],
};

describe('GS1 device identification', () => {
  it('computes GS1 check digits (mod 10, weights 3 and 1 from the right)', () => {
    // GS1's own worked example: 629104150021 → 3; a UPC-A 03600029145 → 2.
    expect(gs1CheckDigit('629104150021')).toBe(3);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(isGtin14('04912345678904')).toBe(true);
    expect(isGtin14('04912345678905')).toBe(false);
    expect(isGtin14('4912345678904')).toBe(false);
  });

  it('accepts serials of GS1 character set 82 up to 20 characters', () => {
    expect(isGs1Serial('SN-42/A.7')).toBe(true);
    expect(isGs1Serial('')).toBe(false);
    expect(isGs1Serial('A'.repeat(21))).toBe(false);
    expect(isGs1Serial('番号')).toBe(false);
    expect(udiText('04912345678904', 'SN-42')).toBe('(01)04912345678904(21)SN-42');
  });

  it('checks a licence Device member and its serial number', () => {
    expect(deviceIdentificationProblems(DEVICE, 'SN-42')).toEqual([]);
    expect(deviceIdentificationProblems({ ...DEVICE, DeviceIdentifiers: ['04912345678905'] }, 'SN-42')).toEqual([
      'Device.DeviceIdentifiers must be 1 to 10 GTIN-14 numbers with a valid check digit.',
    ]);
    expect(deviceIdentificationProblems({ ...DEVICE, SalesName: '' }, 'SN 42')).toHaveLength(2);
    expect(deviceIdentificationProblems('x', 'SN-42')).toEqual(['Device must be an object.']);
  });

  it('leaves licences without a Device as they were, and refuses a bad one', () => {
    const payload = {
      LicenseId: 'L-1',
      LicenseType: 'Professional',
      LicensedTo: 'Hospital',
      LicensePeriod: '2026/01/01-9999/12/31',
      SupportPeriod: '2026/01/01-2027/01/01',
      Distributor: { Name: '', Address: '', Email: '', Phone: '', Fax: '', Website: '' },
      MaxNumberOfStudy: 0,
      MaxNumberOfWebConnection: 0,
      MaxNumberOfDicomConnection: 0,
      MaxNumberOfSharedStudy: 0,
      MaxNumberOfCXR: -1,
      SerialNumber: 'SN-42',
    };
    expect(licencePayloadProblems(payload)).toEqual([]);
    expect(licencePayloadProblems({ ...payload, Device: DEVICE })).toEqual([]);
    expect(licencePayloadProblems({ ...payload, Device: { ...DEVICE, Class: 7 } })).toEqual(['Device.Class must be 1 to 128 characters.']);
  });
});
