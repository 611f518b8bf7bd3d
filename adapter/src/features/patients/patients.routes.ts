/**
 * Patient records (issue 17, "Patients"; spec 2 §3, §7). On premises only: 403 in other editions.
 * - GET /patients/search?PatientID=&PatientName=&Keyword=&limit&offset&orderby   (mwm or admin)
 *     → PatientList {Count, Items: [Patient], Limit, Offset, RequestedAt}. Each filter is a quick
 *     search term: perfect `x`, partial `**%x%`, forward `**x%`, backward `**%x` (common/src/
 *     patients.ts; `\` makes the next character literal; `%` and `_` inside x never act as
 *     wildcards). Keyword matches the ID or the name; case is ignored. limit 1–1000 (100),
 *     orderby repeated `key[ asc|desc]` of updatedat, patientid, patientname, patientbirthdate,
 *     patientsex, no; by default updatedat desc.
 * - GET /patients/information/?no=         (mwm or admin) → Patient; 404
 * - GET /patients/informationfromid/?id=   (mwm or admin) → Patient by exact PatientID; 404
 * - POST /patients/addinformation          (mwm or admin) form ID, Name, Sex (M/F/O or ''),
 *     BirthDate (YYYYMMDD or a spec 1 §5 date), Comments → Patient; 400 validation_failed naming
 *     each field; 409 already_exists (field ID) when the PatientID has a record
 * - PATCH /patients/updateinformation      (admin) form No + the same fields → Patient; 404; 409
 * - DELETE /patients/deleteinformation?no= (admin) → {}; 404
 * - POST /patients/createinformations      (mwm or admin) the patient import: one record per
 *     PatientID of the study index that has none; sets configs mwm.is_patient_imported
 *     → PatientImportResult {Created, Total}. Idempotent.
 * Patient {No, PatientID, PatientName, PatientSex, PatientBirthDate (YYYYMMDD), PatientComments,
 * UpdatedAt}. A record whose PatientID only studies the caller cannot see carry is not found.
 */
import type { Request } from 'express';
import {
  PATIENT_FIELDS,
  PATIENT_ORDER_KEYS,
  PATIENT_PAGE_MAX,
  PATIENT_PAGE_SIZE,
  PATIENT_SEARCH_KEYS,
  parseOrderTerms,
  parsePatientTerm,
  queryValues,
  type PatientField,
  type PermissionKey,
} from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { optionalInt, optionalString, requiredInt, requiredString } from '../../http/input.ts';
import {
  addPatient,
  deletePatient,
  findPatient,
  importPatients,
  searchPatients,
  updatePatient,
  type PatientSearch,
} from './patients.service.ts';

const KEY_MAX = Number.MAX_SAFE_INTEGER;
/** A term is at most a PN value with its escapes and anchors. */
const TERM_MAX = 600;

/** Who reads and picks records: the worklist's users and the administrators' patient screen. */
const READERS: readonly PermissionKey[] = ['mwm', 'admin'];

function readSearch(req: Request): PatientSearch {
  const terms: PatientSearch['terms'] = [];
  for (const key of PATIENT_SEARCH_KEYS) {
    const raw = optionalString(req, key, 'query', TERM_MAX);
    const term = raw === undefined ? null : parsePatientTerm(raw);
    if (term) terms.push({ key, term });
  }
  const order = parseOrderTerms(queryValues(req.query.orderby), PATIENT_ORDER_KEYS);
  if (!order.ok) throw new AppError('validation_failed', order.problems);
  return {
    terms,
    order: order.value,
    limit: optionalInt(req, 'limit', 1, PATIENT_PAGE_MAX, 'query') ?? PATIENT_PAGE_SIZE,
    offset: optionalInt(req, 'offset', 0, 1_000_000_000, 'query') ?? 0,
  };
}

/** The payload's fields as sent (strings, or undefined when absent); the service checks them. */
function readInput(req: Request): Partial<Record<PatientField, string>> {
  // Lengths are checked by the rules with their own message; this bound only keeps a hostile body small.
  return Object.fromEntries(PATIENT_FIELDS.map((field) => [field, optionalString(req, field, 'body', 20_000)]));
}

export const patientsRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/patients/search',
    access: READERS,
    summary: 'Patient records by quick search (partial, perfect, forward, backward), paged',
    handler: (req, _res, { deps, auth }) => searchPatients(deps, auth, readSearch(req)),
  },
  {
    method: 'get',
    path: '/patients/information',
    access: READERS,
    summary: 'One patient record by No',
    handler: (req, _res, { deps, auth }) => findPatient(deps, auth, { no: requiredInt(req, 'no', 1, KEY_MAX, 'query') }),
  },
  {
    method: 'get',
    path: '/patients/informationfromid',
    access: READERS,
    summary: 'One patient record by PatientID',
    handler: (req, _res, { deps, auth }) => findPatient(deps, auth, { patientId: requiredString(req, 'id', 'query', 64) }),
  },
  {
    method: 'post',
    path: '/patients/addinformation',
    access: READERS,
    summary: 'Add a patient record',
    handler: (req, _res, { deps, auth }) => addPatient(deps, auth, readInput(req)),
  },
  {
    method: 'patch',
    path: '/patients/updateinformation',
    access: 'admin',
    summary: 'Change a patient record',
    handler: (req, _res, { deps, auth }) => updatePatient(deps, auth, requiredInt(req, 'No', 1, KEY_MAX), readInput(req)),
  },
  {
    method: 'delete',
    path: '/patients/deleteinformation',
    access: 'admin',
    summary: 'Delete a patient record',
    handler: async (req, _res, { deps, auth }) => {
      await deletePatient(deps, auth, requiredInt(req, 'no', 1, KEY_MAX, 'query'));
      return {};
    },
  },
  {
    method: 'post',
    path: '/patients/createinformations',
    access: READERS,
    summary: 'Patient import: one record per PatientID of the archive, once (idempotent)',
    handler: (_req, _res, { deps, auth }) => importPatients(deps, auth),
  },
];
