/**
 * The viewer's access to images (ARCHITECTURE "The DICOMweb proxy").
 * - GET /dicom-web/studies/{StudyInstanceUID}/...  WADO-RS and study-scoped QIDO, streamed from
 *   Orthanc after checking that the caller may see that study (404 otherwise, as for a study that
 *   does not exist).
 * - GET /dicom-web/studies | /series | /instances  QIDO-RS searches: Orthanc's answer filtered to
 *   the studies the caller may see.
 * - GET /wado?requestType=WADO&studyUID=..&seriesUID=..&objectUID=..  WADO-URI (whole files),
 *   checked by studyUID.
 * Authentication is the session cookie; these are reads, so no CSRF token.
 */
import type { Request } from 'express';
import type { PermissionKey } from '@pacs/common';
import { requireVisibleResource, visibleStudies } from '../../access/visibility.ts';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { optionalString, requiredString } from '../../http/input.ts';
import { streamFromOrthanc, type ProxyTarget } from '../../orthanc/proxy.ts';

const READERS: readonly PermissionKey[] = ['viewer', 'list', 'report'];
const UID = /^[0-9.]{1,64}$/;

function target(deps: Deps): ProxyTarget {
  const { url, user, password } = deps.config.orthanc;
  return { baseUrl: url, authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') };
}

function queryString(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at);
}

type DicomJson = Record<string, { Value?: unknown[] } | undefined>;

/** A QIDO search answered by Orthanc, keeping only items of studies the caller may see. */
async function filteredQido(deps: Deps, auth: Auth, req: Request, level: string): Promise<DicomJson[]> {
  const search = new URLSearchParams(queryString(req).slice(1));
  // Series and instance searches must name their study so the filter can apply.
  if (level !== 'studies') search.append('includefield', '0020000D');
  const response = await deps.orthanc.request(`/dicom-web/${level}?${search.toString()}`, {
    headers: { accept: 'application/dicom+json' },
  });
  if (response.status === 204) return [];
  if (!response.ok) {
    await response.arrayBuffer();
    throw new AppError(response.status === 400 ? 'bad_request' : 'not_found');
  }
  const items = (await response.json()) as DicomJson[];
  const uidOf = (item: DicomJson) => String(item['0020000D']?.Value?.[0] ?? '');
  const uids = [...new Set(items.map(uidOf).filter(Boolean))];
  const visible = visibleStudies(auth, 2);
  const { rows } = await deps.db.query<{ uid: string }>(
    `select st.study_instance_uid as uid from studies st where st.study_instance_uid = any($1) and (${visible.sql})`,
    [uids, ...visible.params],
  );
  const allowed = new Set(rows.map((row) => row.uid));
  return items.filter((item) => allowed.has(uidOf(item)));
}

export const dicomwebRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/dicom-web/*path',
    access: READERS,
    summary: 'DICOMweb (QIDO-RS, WADO-RS) for the viewer, access-checked',
    handler: async (req, res, { deps, auth }) => {
      const segments = (req.params as { path?: string[] }).path ?? [];
      const [level = '', uid] = segments;
      if (segments.some((segment) => segment === '' || segment === '..' || segment.includes('/'))) throw new AppError('not_found');
      if (level === 'studies' && uid !== undefined) {
        if (!UID.test(uid)) throw new AppError('not_found');
        // Every UID in the path must lie inside the visible study: /studies/{visible}/series/{other}
        // answers 404 like an unknown study.
        const uidAfter = (name: string) => {
          const at = segments.indexOf(name, 2);
          return at === -1 ? undefined : segments[at + 1];
        };
        const series = uidAfter('series');
        const instance = uidAfter('instances');
        if ((series !== undefined && !UID.test(series)) || (instance !== undefined && !UID.test(instance))) throw new AppError('not_found');
        await requireVisibleResource(deps.db, auth, uid, series, instance);
        await streamFromOrthanc(req, res, target(deps), `/dicom-web/${segments.map(encodeURIComponent).join('/')}${queryString(req)}`);
        return;
      }
      if (segments.length === 1 && (level === 'studies' || level === 'series' || level === 'instances')) {
        const items = await filteredQido(deps, auth, req, level);
        res.type('application/dicom+json').send(JSON.stringify(items));
        return;
      }
      throw new AppError('not_found');
    },
  },
  {
    method: 'get',
    path: '/wado',
    access: READERS,
    summary: 'WADO-URI (whole DICOM files) for the viewer, access-checked',
    handler: async (req, res, { deps, auth }) => {
      const study = requiredString(req, 'studyUID', 'query', 64);
      const series = optionalString(req, 'seriesUID', 'query', 64);
      const instance = optionalString(req, 'objectUID', 'query', 64);
      if (![study, series, instance].every((uid) => uid === undefined || UID.test(uid))) throw new AppError('not_found');
      await requireVisibleResource(deps.db, auth, study, series, instance);
      // Orthanc's WADO-URI reads values without percent-decoding them (contentType=application/dicom
      // must arrive with a literal slash), so the query is rebuilt that way.
      const query = Object.entries(req.query)
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value).replace(/%2F/gi, '/')}`)
        .join('&');
      await streamFromOrthanc(req, res, target(deps), `/wado?${query}`);
    },
  },
];
