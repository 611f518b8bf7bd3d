/**
 * Import from the browser (issue "Archive").
 * - POST /import/files   multipart/form-data, any number of file parts (DICOM files, files of a
 *   folder with their relative paths as names, zip archives of DICOM files) → {Files: [{File,
 *   Status: Success|AlreadyStored|Failed, Message?, Instances, StudyInstanceUIDs}], Stored, Failed}.
 *   Always 200 when the upload itself was readable: failures are per file, with the spec's
 *   messages ('not a DICOM file', 'file format not supported'). StudyInstanceUIDs name only the
 *   studies the caller may see (the index is waited for, up to 5 s).
 */
import type { AnyRouteSpec } from '../../http/routes.ts';
import { importUpload } from './import.service.ts';

export const importRoutes: AnyRouteSpec[] = [
  {
    method: 'post',
    path: '/import/files',
    access: 'list_import',
    summary: 'Import DICOM files, folders or zip archives from the browser',
    handler: (req, _res, { deps, auth }) => importUpload(deps, auth, req),
  },
];
