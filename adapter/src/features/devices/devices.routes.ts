/**
 * The medical-device editions' product information (spec 3 §2; md, sdmd, sdmd_cloud). Public,
 * like /product/info beside it on the about page: a device's identification is printed on its
 * label, not a secret. 404 in every other edition, and when the licence names no device.
 * - GET /md/number            {Class, CommonName, SalesName, CertificationNumber, SerialNumber, DeviceIdentifiers}
 * - GET /md/barcode?di=GTIN   image/png: GS1 DataMatrix of (01)GTIN(21)serial
 */
import type { MedicalDeviceNumbers } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { requiredString } from '../../http/input.ts';
import { medicalDeviceBarcode, medicalDeviceNumbers } from './devices.service.ts';

export const devicesRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/md/number',
    access: 'public',
    summary: 'Medical-device editions: class, names, certification, serial and device identifier numbers',
    handler: (_req, _res, { deps }): Promise<MedicalDeviceNumbers> => medicalDeviceNumbers(deps),
  },
  {
    method: 'get',
    path: '/md/barcode',
    access: 'public',
    summary: 'Medical-device editions: the UDI (device identifier `di` and serial) as a GS1 DataMatrix PNG',
    handler: async (req, res, { deps }) => {
      const png = await medicalDeviceBarcode(deps, requiredString(req, 'di', 'query', 14));
      res.set({ 'content-type': 'image/png', 'cache-control': 'no-cache' });
      res.send(png);
    },
  },
];
