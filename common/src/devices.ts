/**
 * The medical-device editions' identification (spec 3 §2 product information; md, sdmd,
 * sdmd_cloud): class, common and sales names, certification number, the serial number (or
 * licence id) and the device identifiers — GS1 GTIN-14 numbers, the UDI-DI of the EU and US
 * registries — with a GS1 DataMatrix of the UDI: (01) the device identifier, (21) the serial.
 * The manufacturer signs these into the licence (`Device`), so a site cannot change them.
 */
import type { Edition } from './permissions.ts';

export const MEDICAL_DEVICE_EDITIONS: readonly Edition[] = ['md', 'sdmd', 'sdmd_cloud'];

export function isMedicalDeviceEdition(edition: Edition): boolean {
  return MEDICAL_DEVICE_EDITIONS.includes(edition);
}

/** What the licence's `Device` member carries. */
export interface DeviceIdentification {
  /** Risk class as the certificate states it (e.g. 'IIa', 'Class II'). */
  Class: string;
  CommonName: string;
  SalesName: string;
  CertificationNumber: string;
  /** GTIN-14 device identifiers (UDI-DI), first one shown as the barcode. */
  DeviceIdentifiers: string[];
}

/** `GET /md/number`: the identification and the serial number it goes with. */
export interface MedicalDeviceNumbers extends DeviceIdentification {
  SerialNumber: string;
}

/** GS1's check digit (mod 10, weights 3 and 1 from the right) of the digits before it. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-14: fourteen digits whose last is the GS1 check digit of the others. */
export function isGtin14(value: string): boolean {
  return /^\d{14}$/.test(value) && gs1CheckDigit(value.slice(0, 13)) === Number(value[13]);
}

/**
 * A serial number GS1 application identifier (21) accepts: 1 to 20 characters of GS1's
 * character set 82 (letters, digits and ! " % & ' ( ) * + , - . / : ; < = > ? _).
 */
export function isGs1Serial(value: string): boolean {
  return /^[A-Za-z0-9!"%&'()*+,\-./:;<=>?_]{1,20}$/.test(value);
}

/** The UDI in GS1's human-readable form, as printed under the barcode: (01)…(21)…. */
export function udiText(deviceIdentifier: string, serial: string): string {
  return `(01)${deviceIdentifier}(21)${serial}`;
}

const TEXT_FIELDS = ['Class', 'CommonName', 'SalesName', 'CertificationNumber'] as const;

/** Problems of a licence's `Device` member, in English (empty = well formed). */
export function deviceIdentificationProblems(value: unknown, serial: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['Device must be an object.'];
  const device = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const field of TEXT_FIELDS) {
    const text = device[field];
    if (typeof text !== 'string' || text.trim() === '' || text.length > 128) problems.push(`Device.${field} must be 1 to 128 characters.`);
  }
  const identifiers = device.DeviceIdentifiers;
  if (
    !Array.isArray(identifiers) ||
    identifiers.length === 0 ||
    identifiers.length > 10 ||
    !identifiers.every((id) => typeof id === 'string' && isGtin14(id))
  )
    problems.push('Device.DeviceIdentifiers must be 1 to 10 GTIN-14 numbers with a valid check digit.');
  if (typeof serial !== 'string' || !isGs1Serial(serial))
    problems.push('SerialNumber must be 1 to 20 characters a GS1 serial (21) accepts when the licence names a device.');
  return problems;
}
