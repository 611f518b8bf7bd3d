/**
 * The study index for the list and the viewer (spec 2 §7 "Studies and lists"). All of these read
 * PostgreSQL, never Orthanc, and all go through the visibility module.
 * - GET /studies/search             limit (≤ 1000, default 100), offset, repeated orderby
 *                                   (`key[ asc|desc]`, keys case-insensitive), filters by field
 *                                   name (`PatientName=%yamada%`: no wildcard = perfect, `x%`
 *                                   forward, `%x` backward, `%x%` partial), StudyDate ranges
 *                                   (`20240101-20241231`), period=all|today|yesterday|pastweek,
 *                                   ModalitiesInStudy=CT,MR, IsFavorite=true
 *                                   → {Count, Items, Limit, Offset, RequestedAt}; 400 by field for
 *                                   a reversed range, a term over 64 characters, an unknown sex or
 *                                   report status, a code that is not a DICOM code string
 * - GET /studies/find?uid=          → one study (404 when unknown or not visible)
 * - GET /studies/fromaccessionnumber?number=  → array (more than one = duplicate accession number)
 * - PATCH /studies/update           form UID, IsFavorite (true/false, per user), Note (shared; needs list_note)
 * - GET /series/fromstudy?uid=&orderby=   → series of a study (default SeriesNumber ascending), each with
 *                                          the instance list's first instance (FirstSOPInstanceUID)
 * - GET /instances/fromseries?uid=&orderby= → instances of a series (default InstanceNumber ascending)
 * - GET /studies/performingphysiciannames, referringphysiciannames, institutionnames, aetitles,
 *   GET /bodyparts/all               → sorted distinct values among visible studies
 * - POST /studies/csv?<search>      (list_csv) the list as CSV, streamed: the query string is the
 *                                   search of /studies/search (filters, orderby; `limit` only lowers
 *                                   the bound of CSV_ROW_LIMIT = 10,000 rows); JSON body
 *                                   {UIDs?: string[] (≤ 10,000), Titles?: {key: title}}. With UIDs,
 *                                   only those studies (the search's filters are not applied, its
 *                                   order is); UIDs the caller does not see are left out silently.
 *                                   → text/csv; charset=utf-8 with a BOM, attachment
 *                                   studies-YYYYMMDD-HHMMSS.csv (site time zone), headers
 *                                   X-Csv-Rows, X-Csv-Limit, X-Csv-Truncated (true when the bound
 *                                   cut the matches). A bad search answers 400 before any byte.
 */
import { CSV_HEADERS, CSV_ROW_LIMIT, type PermissionKey } from '@pacs/common';
import type { Request, Response } from 'express';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { log } from '../../log.ts';
import { invalid, optionalBool, optionalInt, optionalString, requiredString } from '../../http/input.ts';
import {
  findStudies,
  instancesOfSeries,
  lookupValues,
  requireStudy,
  searchStudies,
  seriesOfStudy,
  updateStudy,
  writeStudiesCsv,
  type CsvSink,
} from './studies.service.ts';
import { INSTANCE_ORDER, orderTermsFrom, SERIES_ORDER, studySearchFrom, type Lookup } from './studies.sql.ts';

const READERS: readonly PermissionKey[] = ['list', 'viewer', 'report'];

const UID = /^[0-9.]{1,64}$/;
const MAX_TITLE = 200;

/** `UIDs` of the CSV body: absent, or up to CSV_ROW_LIMIT DICOM UIDs. */
function csvUids(req: Request): string[] | undefined {
  const value: unknown = (req.body as Record<string, unknown>).UIDs;
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > CSV_ROW_LIMIT || !value.every((uid) => typeof uid === 'string' && UID.test(uid)))
    throw invalid('UIDs');
  return value as string[];
}

/** `Titles` of the CSV body: column key → the title the client shows. */
function csvTitles(req: Request): Record<string, string> {
  const value: unknown = (req.body as Record<string, unknown>).Titles;
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('Titles');
  const titles: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, title] of Object.entries(value)) {
    if (typeof title !== 'string' || title.length > MAX_TITLE) throw invalid('Titles');
    titles[key] = title;
  }
  return titles;
}

/** Writes to the response, waiting for the socket to drain; a closed connection stops the cursor. */
function responseSink(res: Response): CsvSink {
  return {
    start({ fileName, rows, limit, truncated }) {
      res.status(200);
      res.set({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'no-store',
        [CSV_HEADERS.rows]: String(rows),
        [CSV_HEADERS.limit]: String(limit),
        [CSV_HEADERS.truncated]: String(truncated),
      });
    },
    write(chunk) {
      if (res.destroyed) return Promise.reject(new Error('The client closed the CSV download.'));
      if (res.write(chunk)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          res.off('drain', onDrain);
          res.off('close', onClose);
          if (error) reject(error);
          else resolve();
        };
        const onDrain = () => done();
        const onClose = () => done(new Error('The client closed the CSV download.'));
        res.on('drain', onDrain);
        res.on('close', onClose);
      });
    },
  };
}

function lookup(path: string, name: Lookup, summary: string): AnyRouteSpec {
  return { method: 'get', path, access: 'list', summary, handler: (_req, _res, { deps, auth }) => lookupValues(deps, auth, name) };
}

export const studiesRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/studies/search',
    // Also for viewer and report users: the viewer's comparison pickers search the patient's other
    // studies. Nothing new is exposed: the same visibility rules hold, and QIDO already answers them.
    access: READERS,
    summary: 'Search the study list',
    handler: (req, _res, { deps, auth }) =>
      searchStudies(deps, auth, {
        limit: optionalInt(req, 'limit', 0, 1000, 'query') ?? 100,
        offset: optionalInt(req, 'offset', 0, 100_000_000, 'query') ?? 0,
        search: studySearchFrom(req.query),
      }),
  },
  {
    method: 'get',
    path: '/studies/find',
    access: READERS,
    summary: 'One study by StudyInstanceUID',
    handler: (req, _res, { deps, auth }) => requireStudy(deps, auth, requiredString(req, 'uid', 'query', 64)),
  },
  {
    method: 'get',
    path: '/studies/fromaccessionnumber',
    access: READERS,
    summary: 'Studies with an accession number',
    handler: (req, _res, { deps, auth }) => findStudies(deps, auth, 'accession', requiredString(req, 'number', 'query', 64)),
  },
  {
    method: 'patch',
    path: '/studies/update',
    access: 'list',
    summary: 'Set a favourite or a note on a study',
    handler: (req, _res, { deps, auth }) =>
      updateStudy(deps, auth, {
        uid: requiredString(req, 'UID', 'body', 64),
        favorite: optionalBool(req, 'IsFavorite'),
        note: optionalString(req, 'Note', 'body', 4000),
      }),
  },
  {
    method: 'get',
    path: '/series/fromstudy',
    access: READERS,
    summary: 'Series of a study',
    handler: (req, _res, { deps, auth }) =>
      seriesOfStudy(deps, auth, requiredString(req, 'uid', 'query', 64), orderTermsFrom(req.query, SERIES_ORDER)),
  },
  {
    method: 'get',
    path: '/instances/fromseries',
    access: READERS,
    summary: 'Instances of a series',
    handler: (req, _res, { deps, auth }) =>
      instancesOfSeries(deps, auth, requiredString(req, 'uid', 'query', 64), orderTermsFrom(req.query, INSTANCE_ORDER)),
  },
  {
    method: 'post',
    path: '/studies/csv',
    access: 'list_csv',
    summary: 'The study list (selected studies or the current search) as a CSV file',
    handler: async (req, res, { deps, auth }) => {
      const input = {
        search: studySearchFrom(req.query),
        uids: csvUids(req),
        titles: csvTitles(req),
        limit: optionalInt(req, 'limit', 1, CSV_ROW_LIMIT, 'query') ?? CSV_ROW_LIMIT,
      };
      try {
        await writeStudiesCsv(deps, auth, input, responseSink(res));
        deps.audit.record(req, auth, {
          action: 'study_csv',
          study: input.uids?.length === 1 ? input.uids[0] : null,
          details: { Selected: input.uids?.slice(0, 1000) ?? null, Limit: input.limit },
        });
      } catch (error) {
        if (!res.headersSent) throw error;
        // Past the headers an error cannot become a JSON answer: cut the download so it fails
        // in the browser rather than looking complete.
        log.warn(`POST /studies/csv cut short: ${error instanceof Error ? error.message : String(error)}`);
        res.destroy();
        return;
      }
      res.end();
    },
  },
  lookup('/studies/performingphysiciannames', 'performingphysiciannames', 'Performing physician names in the list'),
  lookup('/studies/referringphysiciannames', 'referringphysiciannames', 'Referring physician names in the list'),
  lookup('/studies/institutionnames', 'institutionnames', 'Institution names in the list'),
  lookup('/studies/aetitles', 'aetitles', 'Sending AE titles in the list'),
  lookup('/bodyparts/all', 'bodyparts', 'Body parts in the list'),
];
