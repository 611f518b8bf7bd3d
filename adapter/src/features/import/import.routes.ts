/**
 * Import from the browser (issue "Archive").
 * - POST /import/files   multipart/form-data, any number of file parts (DICOM files, files of a
 *   folder with their relative paths as names, zip archives of DICOM files) → {Files: [{File,
 *   Status: Success|AlreadyStored|Failed, Message?, Instances, StudyInstanceUIDs}], Stored, Failed}.
 *   Always 200 when the upload itself was readable: failures are per file, with the spec's
 *   messages ('not a DICOM file', 'file format not supported'). StudyInstanceUIDs name only the
 *   studies the caller may see (the index is waited for, up to 5 s).
 * - GET /import/samples  → {Items: [{Id, PatientName, PatientID, StudyDescription, Modality,
 *   Instances}]}: the sample studies the product generates itself (samples.ts).
 * - POST /import/sample  form or JSON Id → the same summary as /import/files, for that sample's
 *   files, stored through the same checks. Both 403 where the site hides Import sample
 *   (configs is_invisible_import_sample); an unknown Id is 400.
 */
import type { AnyRouteSpec } from '../../http/routes.ts';
import { requiredString } from '../../http/input.ts';
import { importSample, importUpload, listImportSamples } from './import.service.ts';

export const importRoutes: AnyRouteSpec[] = [
  {
    method: 'post',
    path: '/import/files',
    access: 'list_import',
    summary: 'Import DICOM files, folders or zip archives from the browser',
    handler: (req, _res, { deps, auth }) => importUpload(deps, auth, req),
  },
  {
    method: 'get',
    path: '/import/samples',
    access: 'list_import',
    summary: 'The sample studies Import sample offers',
    handler: (_req, _res, { deps }) => listImportSamples(deps),
  },
  {
    method: 'post',
    path: '/import/sample',
    access: 'list_import',
    summary: 'Import one sample study the product generates (no download)',
    handler: (req, _res, { deps, auth }) => importSample(deps, auth, requiredString(req, 'Id', 'body', 64)),
  },
];
