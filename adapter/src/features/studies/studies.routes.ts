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
import { hasPermission, type InstanceItem, type PermissionKey, type SeriesItem } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { optionalBool, optionalString, requiredString } from '../../http/input.ts';
import { requireVisibleStudy, visibleSeries } from '../../access/visibility.ts';
import { distinctValues, findStudies, hiddenFor, requireStudy, searchStudies, studyDateTime } from './studies.service.ts';
import { orderBySql, parseOrderBy } from './studies.query.ts';

const READERS: readonly PermissionKey[] = ['list', 'viewer', 'report'];

const SERIES_ORDER: Record<string, string[]> = {
  seriesnumber: ['s.series_number'],
  seriesdescription: ['s.series_description'],
  modality: ['s.modality'],
  bodypartexamined: ['s.body_part_examined'],
  seriesdatetime: ['s.series_date', 's.series_time'],
  seriesdate: ['s.series_date'],
  seriestime: ['s.series_time'],
  numberofseriesrelatedinstances: ['s.number_of_instances'],
  updatedat: ['s.updated_at'],
};

const INSTANCE_ORDER: Record<string, string[]> = {
  instancenumber: ['i.instance_number'],
  numberofframes: ['i.number_of_frames'],
  filesize: ['i.file_size'],
  sopinstanceuid: ['i.sop_instance_uid'],
};

function lookup(path: string, column: string, field: string, summary: string, fromSeries = false): AnyRouteSpec {
  return {
    method: 'get',
    path,
    access: 'list',
    summary,
    handler: (_req, _res, { deps, auth }) => {
      // A field this caller may not see is not listed either.
      if (hiddenFor(deps, auth).has(field)) throw new AppError('forbidden');
      return distinctValues(deps, auth, column, fromSeries);
    },
  };
}

export const studiesRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/studies/search',
    // Also for viewer and report users: the viewer's comparison pickers search the patient's other
    // studies. Nothing new is exposed: the same visibility rules hold, and QIDO already answers them.
    access: READERS,
    summary: 'Search the study list',
    handler: (req, _res, { deps, auth }) => searchStudies(deps, auth, req),
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
    handler: (req, _res, { deps, auth }) =>
      findStudies(deps, auth, 'st.accession_number = $value', requiredString(req, 'number', 'query', 64)),
  },
  {
    method: 'patch',
    path: '/studies/update',
    access: 'list',
    summary: 'Set a favourite or a note on a study',
    handler: async (req, _res, { deps, auth }) => {
      const uid = requiredString(req, 'UID', 'body', 64);
      const favorite = optionalBool(req, 'IsFavorite');
      const note = optionalString(req, 'Note', 'body', 4000);
      const study = await requireStudy(deps, auth, uid);
      // Twins share the UID: only the one this caller sees (requireVisibleStudy's pick) changes.
      const studyId = await requireVisibleStudy(deps.db, auth, uid);
      if (note !== undefined) {
        if (!hasPermission({ permissions: auth.permissions, edition: deps.config.edition, kind: auth.kind }, 'list_note'))
          throw new AppError('forbidden');
        await deps.db.query('update studies set note = $2, updated_at = now() where id = $1', [studyId, note]);
        await deps.db.query(`insert into heartbeat_markers (key) values ('study') on conflict (key) do update set updated_at = now()`);
      }
      if (favorite === true) {
        await deps.db.query(`insert into study_favorites (account_id, study_id) values ($1, $2) on conflict do nothing`, [
          auth.accountId,
          studyId,
        ]);
      } else if (favorite === false) {
        await deps.db.query(`delete from study_favorites where account_id = $1 and study_id = $2`, [auth.accountId, studyId]);
      }
      return requireStudy(deps, auth, study.StudyInstanceUID);
    },
  },
  {
    method: 'get',
    path: '/series/fromstudy',
    access: READERS,
    summary: 'Series of a study',
    handler: async (req, _res, { deps, auth }) => {
      const uid = requiredString(req, 'uid', 'query', 64);
      const order = orderBySql(parseOrderBy(req, SERIES_ORDER), SERIES_ORDER, 's.series_number asc nulls last, s.id asc');
      // The series of one study: of twins (one UID, several PatientIDs), the one the caller sees first.
      const studyId = await requireVisibleStudy(deps.db, auth, uid);
      // Only the series the caller sees (a role limited by modality sees those of its modalities).
      const visible = visibleSeries(auth, 2);
      const { rows } = await deps.db.query(
        `select s.series_instance_uid, s.series_number, s.series_description, s.modality, s.body_part_examined,
                s.series_date, s.series_time, s.number_of_instances, s.updated_at, s.ctdivol, s.dlp, s.file_size
           from series s join studies st on st.id = s.study_id where s.study_id = $1 and (${visible.sql}) order by ${order}`,
        [studyId, ...visible.params],
      );
      return rows.map((row): SeriesItem => ({
        StudyInstanceUID: uid,
        SeriesInstanceUID: row.series_instance_uid,
        SeriesNumber: row.series_number,
        SeriesDescription: row.series_description,
        Modality: row.modality,
        BodyPartExamined: row.body_part_examined,
        SeriesDate: row.series_date,
        SeriesTime: row.series_time,
        SeriesDateTime: studyDateTime(row.series_date, row.series_time),
        NumberOfSeriesRelatedInstances: row.number_of_instances,
        UpdatedAt: row.updated_at.toISOString(),
        CTDIvol: row.ctdivol,
        DLP: row.dlp,
        FileSize: row.file_size,
      }));
    },
  },
  {
    method: 'get',
    path: '/instances/fromseries',
    access: READERS,
    summary: 'Instances of a series',
    handler: async (req, _res, { deps, auth }) => {
      const uid = requiredString(req, 'uid', 'query', 64);
      const visible = visibleSeries(auth, 2);
      const order = orderBySql(parseOrderBy(req, INSTANCE_ORDER), INSTANCE_ORDER, 'i.instance_number asc nulls last, i.id asc');
      const { rows } = await deps.db.query(
        `select i.sop_instance_uid, i.instance_number, i.number_of_frames, i.file_size, st.study_instance_uid
           from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
          where s.series_instance_uid = $1 and (${visible.sql}) order by ${order}`,
        [uid, ...visible.params],
      );
      if (rows.length === 0) throw new AppError('not_found');
      return rows.map((row): InstanceItem => ({
        StudyInstanceUID: row.study_instance_uid,
        SeriesInstanceUID: uid,
        SOPInstanceUID: row.sop_instance_uid,
        InstanceNumber: row.instance_number,
        NumberOfFrames: row.number_of_frames,
        FileSize: row.file_size,
      }));
    },
  },
  lookup(
    '/studies/performingphysiciannames',
    'performing_physician_name',
    'PerformingPhysicianName',
    'Performing physician names in the list',
  ),
  lookup('/studies/referringphysiciannames', 'referring_physician_name', 'ReferringPhysicianName', 'Referring physician names in the list'),
  lookup('/studies/institutionnames', 'institution_name', 'InstitutionName', 'Institution names in the list'),
  lookup('/studies/aetitles', 'ae_title', 'AETitle', 'Sending AE titles in the list'),
  lookup('/bodyparts/all', 'body_part_examined', 'BodyPartExamined', 'Body parts in the list', true),
];
