/**
 * The medical-device editions' identification, read from the installed licence (the manufacturer
 * signs it there: a site cannot change what its device says it is), and the GS1 DataMatrix of a
 * device identifier with the serial number (bwip-js encodes GS1 element strings, FNC1 included).
 */
import bwipjs from 'bwip-js/node';
import { isMedicalDeviceEdition, udiText, type MedicalDeviceNumbers } from '@pacs/common';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { installedLicence } from '../licence/licence-limits.ts';

/** Pixels per DataMatrix module: a 20×20 symbol is 160 px, crisp at 100 % and in print. */
const MODULE_PX = 8;

/** The identification; 404 outside the medical-device editions or without a licence naming a device. */
export async function medicalDeviceNumbers(deps: Deps): Promise<MedicalDeviceNumbers> {
  if (!isMedicalDeviceEdition(deps.config.edition)) throw new AppError('not_found');
  const payload = (await installedLicence(deps))?.payload;
  if (!payload?.Device) throw new AppError('not_found');
  return { ...payload.Device, SerialNumber: payload.SerialNumber };
}

/** The UDI of one of the licence's device identifiers as a PNG GS1 DataMatrix; 404 for another number. */
export async function medicalDeviceBarcode(deps: Deps, deviceIdentifier: string): Promise<Buffer> {
  const numbers = await medicalDeviceNumbers(deps);
  if (!numbers.DeviceIdentifiers.includes(deviceIdentifier)) throw new AppError('not_found');
  return bwipjs.toBuffer({
    bcid: 'gs1datamatrix',
    text: udiText(deviceIdentifier, numbers.SerialNumber),
    scale: MODULE_PX / 2,
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
}
