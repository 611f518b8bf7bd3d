/**
 * The study index for the list and the viewer (spec 2 §7 "Studies and lists"). All of these read
 * PostgreSQL, never Orthanc, and all go through the visibility module.
 * - GET /studies/search             limit (≤ 1000, default 100), offset, repeated orderby
 *                                   (`key[ asc|desc]`, keys case-insensitive), filters by field
 *                                   name (`PatientName=%yamada%`: no wildcard = perfect, `x%`
 *                                   forward, `%x` backward, `%x%` partial), StudyDate ranges
 *                                   (`20240101-20241231`), period=all|today|yesterday|pastweek,
 *                                   ModalitiesInStudy=CT,MR, IsFavorite=true
 *                                   → {Count, Items, Limit, Offset, RequestedAt}
 * - GET /studies/find?uid=          → one study (404 when unknown or not visible)
 * - GET /studies/fromaccessionnumber?number=  → array (more than one = duplicate accession number)
 * - PATCH /studies/update           form UID, IsFavorite (true/false, per user), Note (shared; needs list_note)
 * - GET /series/fromstudy?uid=&orderby=   → series of a study (default SeriesNumber ascending)
 * - GET /instances/fromseries?uid=&orderby= → instances of a series (default InstanceNumber ascending)
 * - GET /studies/performingphysiciannames, referringphysiciannames, institutionnames, aetitles,
 *   GET /bodyparts/all               → sorted distinct values among visible studies
 */
import type { PermissionKey } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { optionalBool, optionalInt, optionalString, requiredString } from '../../http/input.ts';
import {
  findStudies,
  instancesOfSeries,
  lookupValues,
  requireStudy,
  searchStudies,
  seriesOfStudy,
  updateStudy,
} from './studies.service.ts';
import { INSTANCE_ORDER, orderTermsFrom, SERIES_ORDER, studySearchFrom, type Lookup } from './studies.sql.ts';

const READERS: readonly PermissionKey[] = ['list', 'viewer', 'report'];

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
  lookup('/studies/performingphysiciannames', 'performingphysiciannames', 'Performing physician names in the list'),
  lookup('/studies/referringphysiciannames', 'referringphysiciannames', 'Referring physician names in the list'),
  lookup('/studies/institutionnames', 'institutionnames', 'Institution names in the list'),
  lookup('/studies/aetitles', 'aetitles', 'Sending AE titles in the list'),
  lookup('/bodyparts/all', 'bodyparts', 'Body parts in the list'),
];
