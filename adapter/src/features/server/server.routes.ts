/**
 * Server facts and the heartbeat (spec 1 §4 "Heartbeat", §7).
 * - GET /state              public: product, version, edition, whether Orthanc and PostgreSQL answer
 * - GET /product/info       public: {Name, Version, ReleaseDate}
 * - GET /server/heartbeat?key=study|mwm|trashbox  → text marker: the ISO time that list last
 *   changed ('' when it never has); the study marker only for studies the caller can see
 *   (server.sql.ts studyMarker). 503 while Orthanc or PostgreSQL does not answer, so the
 *   client's offline banner tells the truth.
 * - GET /server/index/status  admin: where the study index's /changes follower stands (cursor,
 *   Orthanc's newest change, lag, last error, skipped changes): IndexStatus.
 * - GET /server/status        all, admin or dashboard: ServerStatus (folders with capacity, used
 *   and free bytes, log level, region, time zone, web server ports and HTTPS use, and with the
 *   DICOM front on every front's spool: totals over the fronts reporting, and each front with
 *   whether it reports, from PostgreSQL, whichever replica answers); the client refreshes it every 30 s.
 * - PATCH /server/update      admin, form Name (required, ≤ 64 characters, printable) → {Name}
 * - GET /files/{log}?date=YYYY-MM-DD  admin: text/plain, the lines that log wrote that day
 *   (log-files.ts); {log} is one of LOG_FILES, each its own literal path so that other
 *   `/files/{name}` routes (the product images) keep every other name; 404 when the file does not exist.
 */
import {
  PRODUCT_NAME,
  PRODUCT_RELEASE_DATE,
  PRODUCT_VERSION,
  type IndexStatus,
  type ProductInfo,
  type ServerState,
  type ServerStatus,
} from '@pacs/common';
import type { Request, Response } from 'express';
import type { AnyRouteSpec, SignedContext } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { invalid, optionalString } from '../../http/input.ts';
import { readIndexStatus } from '../../study-index/follower.ts';
import { studyMarker } from './server.sql.ts';
import { heartbeatMarkerTime } from '../../db/site.ts';
import { serverStatus, updateServerName } from './server.service.ts';
import { LOG_FILES, logLinesOf } from './log-files.ts';
import { join } from 'node:path';
import { isDicomDate } from '@pacs/common';

export const HEARTBEAT_KEYS = ['study', 'mwm', 'trashbox'] as const;

export const serverRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/state',
    access: 'public',
    summary: 'Public server state',
    handler: async (_req, _res, { deps }): Promise<ServerState> => {
      const [orthanc, database] = await Promise.all([deps.health.orthancUp(), deps.health.databaseUp()]);
      return {
        ProductName: PRODUCT_NAME,
        Version: PRODUCT_VERSION,
        ReleaseDate: PRODUCT_RELEASE_DATE,
        Edition: deps.config.edition,
        // Languages an edition forces; empty = the user chooses (spec 1 §1: some force ja or ko).
        Languages: [],
        Orthanc: orthanc ? 'up' : 'down',
        Database: database ? 'up' : 'down',
        ServerTime: new Date().toISOString(),
      };
    },
  },
  {
    method: 'get',
    path: '/product/info',
    access: 'public',
    summary: 'Product name, version and release date',
    handler: (): ProductInfo => ({ Name: PRODUCT_NAME, Version: PRODUCT_VERSION, ReleaseDate: PRODUCT_RELEASE_DATE }),
  },
  {
    method: 'get',
    path: '/server/heartbeat',
    access: 'signed',
    summary: 'Liveness and the last-updated marker of a list',
    handler: async (req, res, { deps, auth }) => {
      const key = optionalString(req, 'key', 'query', 20);
      if (key !== undefined && key !== '' && !(HEARTBEAT_KEYS as readonly string[]).includes(key)) throw invalid('key');
      if (!(await deps.health.orthancUp())) throw new AppError('orthanc_unavailable');
      res.set('cache-control', 'no-store');
      if (!key) return '';
      if (key === 'study') return studyMarker(deps.db, auth);
      return (await heartbeatMarkerTime(deps.db, key))?.toISOString() ?? '';
    },
  },
  {
    method: 'get',
    path: '/server/index/status',
    access: 'admin',
    summary: 'Where the study index stands against Orthanc (lag, last error, skipped changes)',
    handler: (_req, res, { deps }): Promise<IndexStatus> => {
      res.set('cache-control', 'no-store');
      return readIndexStatus(deps.db, deps.orthanc);
    },
  },
  {
    method: 'get',
    path: '/server/status',
    access: ['admin', 'dashboard'],
    summary: 'Folders (capacity, used, free), log level, region, time zone, web server ports, every DICOM front’s spool',
    handler: (_req: Request, res: Response, { deps }: SignedContext): Promise<ServerStatus> => {
      res.set('cache-control', 'no-store');
      return serverStatus(deps);
    },
  },
  {
    method: 'patch',
    path: '/server/update',
    access: 'admin',
    summary: 'Rename the server (form Name)',
    handler: async (req, _res, { deps, auth }) => {
      const saved = await updateServerName(deps, optionalString(req, 'Name', 'body', 1000) ?? '');
      deps.audit.record(req, auth, { action: 'settings_change', details: { Setting: 'server_name', Name: saved.Name } });
      return saved;
    },
  },
  ...LOG_FILES.map((name): AnyRouteSpec => ({
    method: 'get',
    path: `/files/${name}`,
    access: 'admin',
    summary: `The lines ${name} wrote on one day (date=YYYY-MM-DD)`,
    handler: async (req, res, { deps }) => {
      const date = optionalString(req, 'date', 'query', 10) ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isDicomDate(date.replaceAll('-', ''))) throw invalid('date');
      const text = await logLinesOf(join(deps.config.dataDir, 'logs'), name, date);
      if (text === null) throw new AppError('not_found');
      res.set('cache-control', 'no-store');
      res.set('content-disposition', `inline; filename="${name.replace('.log', '')}-${date}.log"`);
      res.type('text/plain; charset=utf-8').send(text);
    },
  })),
];
