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
 * A role whose teleradiology kind hides fields (PatientName, InstitutionName, …) gets JSON
 * answers without them, 400 for queries on them and 403 for whole files (hidden-fields.ts).
 *
 * The two requests a viewer repeats hundreds of times per series skip Orthanc's DICOMweb plugin,
 * which parses the whole file and looks the UIDs up for each one (measured on a 512×512 CT: 1.6 ms
 * of Orthanc's CPU per frame): a whole file asked for as application/dicom, and a single frame of
 * a natively encoded (uncompressed little-endian) instance, wrapped here in the WADO-RS multipart
 * answer. Both are read from Orthanc's storage folder when the adapter can see it
 * (stored-files.ts: one file read, no second socket hop), else from Orthanc's core routes
 * /instances/{id}/file and /instances/{id}/frames/{n}/raw (0.3 and 0.4 ms of Orthanc's CPU).
 * A whole series asked for as stored (transfer-syntax=*) is answered the same way, all its files
 * in one multipart answer (series-files.ts): the viewer's series download; brotli-compressed when
 * the request says `Save-Data: on` and the series is stored uncompressed (a viewer on a slow link).
 * A series' metadata, which the plugin builds from every instance each time, comes from the
 * adapter's cache (series-metadata.ts), keyed by the series' version in the study index, with an
 * ETag; the checks above run first, every time.
 * Anything else (other transfer syntaxes, transcoding, several frames) goes to the plugin.
 */
import type { Request } from 'express';
import { isDicomUid, type PermissionKey } from '@pacs/common';
import { requireVisibleResource, requireVisibleStudy, trashedInstancesOf, visibleSeriesOf } from '../../access/visibility.ts';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import type { AnyRouteSpec } from '../../http/routes.ts';
import * as sql from './dicomweb.sql.ts';
import { AppError } from '../../http/errors.ts';
import { pixelDataCoding } from '../../http/compression.ts';
import { invalid, optionalString, requiredString } from '../../http/input.ts';
import { readJsonBounded, streamFromOrthanc, type ProxyTarget } from '../../orthanc/proxy.ts';
import { frameAnswerSyntax, frameEnvelope, NATIVE_SYNTAXES } from './frames.ts';
import { sendSeriesFiles, wantsStoredInstances } from './series-files.ts';
import { etagFor, seriesMetadata, takesCachedMetadata, withProxyUrls } from './series-metadata.ts';
import { sendStored, storageOf, type OrthancStorage } from './stored-files.ts';
import { assertNoHiddenQuery, hiddenAttributes, stripHidden, type HiddenAttributes } from '../../access/hidden-dicom.ts';
import { assertWadoUriAllowed, hiddenFieldsEdit } from './hidden-fields.ts';

const READERS: readonly PermissionKey[] = ['viewer', 'list', 'report'];

function target(deps: Deps): ProxyTarget {
  return deps.orthanc.proxyTarget();
}

/** The DICOM attributes the caller's role hides (hidden-fields.ts), usually none. */
function hiddenOf(deps: Deps, auth: Auth): HiddenAttributes {
  return hiddenAttributes(deps.config.edition, auth.kind);
}

function queryString(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at);
}

/**
 * Instances' transfer syntaxes, remembered for a minute: an instance sent again with the same UIDs
 * replaces the stored file (OverwriteInstances), possibly in another syntax.
 */
const SYNTAX_CACHE_MS = 60_000;
const SYNTAX_CACHE_MAX = 100_000;
const syntaxes = new Map<string, { syntax: string; until: number }>();

async function storedSyntax(deps: Deps, orthancId: string): Promise<string | null> {
  const cached = syntaxes.get(orthancId);
  if (cached && cached.until > Date.now()) return cached.syntax;
  const response = await deps.orthanc.request(`/instances/${orthancId}/metadata/TransferSyntax`);
  if (!response.ok) {
    await response.arrayBuffer();
    return null;
  }
  const syntax = (await response.text()).trim();
  if (syntaxes.size >= SYNTAX_CACHE_MAX) syntaxes.clear();
  syntaxes.set(orthancId, { syntax, until: Date.now() + SYNTAX_CACHE_MS });
  return syntax;
}

function storageOfDeps(deps: Deps): OrthancStorage {
  return storageOf(deps.orthanc, deps.config.orthanc.storageDir);
}

/** WADO-URI parameters the direct file route answers exactly as Orthanc's /wado would. */
const PLAIN_WADO_PARAMS = new Set(['requestType', 'studyUID', 'seriesUID', 'objectUID', 'contentType']);

type DicomJson = Record<string, { Value?: unknown[] } | undefined>;

/** A QIDO search answered by Orthanc, keeping only items of studies the caller may see. */
async function filteredQido(deps: Deps, auth: Auth, req: Request, level: string): Promise<DicomJson[]> {
  const search = new URLSearchParams(queryString(req).slice(1));
  // Series and instance searches must name their study and series so the filter can apply.
  if (level !== 'studies') search.append('includefield', '0020000D');
  if (level !== 'studies') search.append('includefield', '0020000E');
  const response = await deps.orthanc.request(`/dicom-web/${level}?${search.toString()}`, {
    headers: { accept: 'application/dicom+json' },
  });
  if (response.status === 204) return [];
  if (!response.ok) {
    await response.arrayBuffer();
    throw new AppError(response.status === 400 ? 'bad_request' : 'not_found');
  }
  const items = (await readJsonBounded(response)) as DicomJson[];
  const uidOf = (item: DicomJson) => String(item['0020000D']?.Value?.[0] ?? '');
  const uids = [...new Set(items.map(uidOf).filter(Boolean))];
  if (level !== 'studies') {
    // Series and instances: only those of series the caller sees (a role limited by modality).
    const seriesOf = (item: DicomJson) => String(item['0020000E']?.Value?.[0] ?? '');
    const allowed = await sql.visibleSeriesUids(deps.db, auth, uids);
    const kept = items.filter((item) => allowed.has(seriesOf(item)));
    if (level === 'series') return kept;
    // Instances: not those in the recycle bin (their study and series may still be listed).
    const sopOf = (item: DicomJson) => String(item['00080018']?.Value?.[0] ?? '');
    const trashed = await sql.trashedInstanceUids(deps.db, kept.map(sopOf));
    return kept.filter((item) => !trashed.has(sopOf(item)));
  }
  const allowed = await sql.visibleStudyUids(deps.db, auth, uids);
  return items.filter((item) => allowed.has(uidOf(item)));
}

/** A study-scoped JSON answer of Orthanc, read whole, with the UIDs the filters need included. */
async function studyJson(deps: Deps, segments: string[], req: Request, part: string | undefined): Promise<DicomJson[]> {
  const search = new URLSearchParams(queryString(req).slice(1));
  if (part !== 'metadata') search.append('includefield', '0020000E');
  if (part === 'instances') search.append('includefield', '00080018');
  const response = await deps.orthanc.request(`/dicom-web/${segments.map(encodeURIComponent).join('/')}?${search.toString()}`, {
    headers: { accept: 'application/dicom+json' },
  });
  if (!response.ok) {
    await response.arrayBuffer();
    throw new AppError(response.status === 400 ? 'bad_request' : 'not_found');
  }
  return response.status === 204 ? [] : ((await readJsonBounded(response)) as DicomJson[]);
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
      // Orthanc 1.10's DICOMweb answers 500 to a negative limit or offset: refused here, as bad input.
      for (const name of ['limit', 'offset']) {
        const value = req.query[name];
        if (value !== undefined && (typeof value !== 'string' || !/^\d{1,9}$/.test(value))) throw invalid(name);
      }
      if (level === 'studies' && uid !== undefined) {
        if (!isDicomUid(uid)) throw new AppError('not_found');
        // Every UID in the path must lie inside the visible study: /studies/{visible}/series/{other}
        // answers 404 like an unknown study.
        const uidAfter = (name: string) => {
          const at = segments.indexOf(name, 2);
          return at === -1 ? undefined : segments[at + 1];
        };
        const series = uidAfter('series');
        const instance = uidAfter('instances');
        if ((series !== undefined && !isDicomUid(series)) || (instance !== undefined && !isDicomUid(instance)))
          throw new AppError('not_found');
        const orthancId = await requireVisibleResource(deps.db, auth, uid, series, instance);
        if (series !== undefined && deps.audit.firstInWindow(auth, `series ${series}`))
          deps.audit.record(req, auth, { action: 'series_download', study: uid, details: { SeriesInstanceUID: series } });
        // A role that hides fields: JSON answers stripped, queries on them and whole files refused.
        const hidden = hiddenOf(deps, auth);
        const jsonEdit = hiddenFieldsEdit(segments.slice(2), new URLSearchParams(queryString(req).slice(1)), hidden);
        // A caller who sees only some series of the study (a role limited by modality), or a study
        // or series with instances in the recycle bin: the study's series and instance searches and
        // the metadata keep what may be seen; whole retrieves and renderings are refused.
        const studyId = await requireVisibleStudy(deps.db, auth, uid);
        const wholeStudy = series === undefined && instance === undefined;
        const allowed = wholeStudy ? await visibleSeriesOf(deps.db, auth, studyId) : null;
        const trashed = instance === undefined ? await trashedInstancesOf(deps.db, studyId, series) : null;
        const storedSeries = segments.length === 4 && series !== undefined && wantsStoredInstances(req.get('accept'));
        // A series' metadata: from the adapter's cache (series-metadata.ts), after the checks above.
        const cachedSeries =
          segments.length === 5 && segments[4] === 'metadata' && takesCachedMetadata(req.get('accept'), queryString(req))
            ? series
            : undefined;
        const origin = `${req.protocol}://${req.get('x-forwarded-host') ?? req.get('host') ?? 'localhost'}`;
        if ((allowed || trashed) && !storedSeries) {
          const part = wholeStudy ? (segments.length === 3 ? segments[2] : '') : segments.length === 5 ? segments[4] : '';
          if (!(wholeStudy ? ['series', 'instances', 'metadata'] : ['instances', 'metadata']).includes(part ?? ''))
            throw new AppError('not_found');
          const items = cachedSeries
            ? (JSON.parse(
                withProxyUrls((await seriesMetadata(deps, studyId, uid, cachedSeries)).body, origin).toString('utf8'),
              ) as DicomJson[])
            : await studyJson(deps, segments, req, part);
          const value = (item: DicomJson, tag: string) => String(item[tag]?.Value?.[0] ?? '');
          const kept = items
            .filter((item) => !allowed || allowed.has(value(item, '0020000E')))
            .filter((item) => !trashed || !trashed.has(value(item, '00080018')))
            .map((item) => stripHidden(item, hidden));
          res.type('application/dicom+json').send(JSON.stringify(kept));
          return;
        }
        // A whole series as stored, in display order (series-files.ts).
        if (storedSeries) {
          // Of twins (one UID, several PatientIDs) only the visible one that requireVisibleResource
          // checked; instances in the recycle bin left out.
          const files = await sql.seriesInstanceFiles(deps.db, studyId, series);
          if (files.length === 0) throw new AppError('not_found');
          await sendSeriesFiles(res, storageOfDeps(deps), deps.orthanc, files, pixelDataCoding(req));
          return;
        }
        if (cachedSeries !== undefined) {
          const entry = await seriesMetadata(deps, studyId, uid, cachedSeries);
          // Revalidated at every use: who may see it is decided per request, above.
          res.setHeader('cache-control', 'private, no-cache');
          res.type('application/dicom+json');
          if (jsonEdit) {
            const items = JSON.parse(withProxyUrls(entry.body, origin).toString('utf8')) as unknown[];
            res.send(JSON.stringify(items.map((item) => jsonEdit.edit(item))));
            return;
          }
          res.setHeader('etag', etagFor(entry, origin));
          if (req.fresh) res.status(304).end();
          else res.send(withProxyUrls(entry.body, origin));
          return;
        }
        // One frame of a natively encoded instance: Orthanc's raw frame in the WADO-RS envelope.
        const frame =
          segments.length === 8 && segments[6] === 'frames' && /^[1-9][0-9]{0,5}$/.test(segments[7] ?? '') ? Number(segments[7]) : 0;
        const wanted = frame ? frameAnswerSyntax(req.get('accept')) : null;
        if (orthancId && wanted) {
          const host = req.get('x-forwarded-host') ?? req.get('host') ?? 'localhost';
          const location = `${req.protocol}://${host}${req.originalUrl.split('?')[0]}`;
          const storage = storageOfDeps(deps);
          const layout = await storage.frames(orthancId);
          if (layout && frame <= layout.count) {
            const envelope = frameEnvelope(wanted === '*' ? layout.syntax : wanted, location);
            if (await sendStored(res, layout.path, layout.start + (frame - 1) * layout.frameSize, layout.frameSize, '', envelope)) return;
            storage.forget(orthancId);
          }
          const stored = await storedSyntax(deps, orthancId);
          if (stored && NATIVE_SYNTAXES.has(stored)) {
            const envelope = frameEnvelope(wanted === '*' ? stored : wanted, location);
            await streamFromOrthanc(req, res, target(deps), `/instances/${orthancId}/frames/${frame - 1}/raw`, envelope);
            return;
          }
        }
        await streamFromOrthanc(
          req,
          res,
          target(deps),
          `/dicom-web/${segments.map(encodeURIComponent).join('/')}${queryString(req)}`,
          undefined,
          jsonEdit,
        );
        return;
      }
      if (segments.length === 1 && (level === 'studies' || level === 'series' || level === 'instances')) {
        const hidden = hiddenOf(deps, auth);
        assertNoHiddenQuery(new URLSearchParams(queryString(req).slice(1)), hidden);
        const items = await filteredQido(deps, auth, req, level);
        res.type('application/dicom+json').send(JSON.stringify(items.map((item) => stripHidden(item, hidden))));
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
      if (![study, series, instance].every((uid) => uid === undefined || isDicomUid(uid))) throw new AppError('not_found');
      const orthancId = await requireVisibleResource(deps.db, auth, study, series, instance);
      if (series !== undefined && deps.audit.firstInWindow(auth, `series ${series}`))
        deps.audit.record(req, auth, { action: 'series_download', study, details: { SeriesInstanceUID: series } });
      assertWadoUriAllowed(req.query.contentType, hiddenOf(deps, auth));
      if (orthancId && req.query.contentType === 'application/dicom' && Object.keys(req.query).every((key) => PLAIN_WADO_PARAMS.has(key))) {
        const storage = storageOfDeps(deps);
        const file = await storage.file(orthancId, () => sql.instanceFileLocation(deps.db, orthancId));
        if (file && (await sendStored(res, file.path, 0, file.size, 'application/dicom'))) return;
        if (file) storage.forget(orthancId);
        await streamFromOrthanc(req, res, target(deps), `/instances/${orthancId}/file`);
        return;
      }
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
