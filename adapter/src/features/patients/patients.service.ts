/**
 * Patient records (issue 17, "Patients"): who may reach them (on premises only; a record shows
 * only when its PatientID is the caller's to see, access/visibility.sql.ts visiblePatients), the
 * rules of a record (common/src/patients.ts, checked again here), PatientID unique, and the import
 * from the study index with the configs flag it sets.
 */
import {
  isOnPremises,
  MESSAGES,
  normalizePatientInput,
  typedPersonName,
  patientInputProblems,
  type OrderTerm,
  type Patient,
  type PatientImportResult,
  type PatientInput,
  type PatientList,
  type PatientOrderKey,
  type PatientSearchKey,
  type PatientTerm,
} from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { transaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { searchableName } from '../../study-index/records.ts';
import { ensureConfigs, spaceToCaret } from '../configs/configs.service.ts';
import * as sql from './patients.sql.ts';

export interface PatientSearch {
  terms: { key: PatientSearchKey; term: PatientTerm }[];
  order: OrderTerm<PatientOrderKey>[];
  limit: number;
  offset: number;
}

const toPatient = (row: sql.PatientRow): Patient => ({
  No: Number(row.no),
  PatientID: row.patient_id,
  PatientName: row.patient_name,
  PatientSex: row.patient_sex,
  PatientBirthDate: row.patient_birth_date,
  PatientComments: row.patient_comments,
  UpdatedAt: row.updated_at.toISOString(),
});

/** Patient records serve the worklist, which exists only in an on-premises install (spec 1 §2). */
function requireOnPremises(deps: Deps): void {
  if (!isOnPremises(deps.config.edition)) throw new AppError('forbidden');
}

const TARGETS: Record<PatientSearchKey, sql.PatientTermTarget> = { PatientID: 'id', PatientName: 'name', Keyword: 'either' };

/** The default order: the records changed last first (spec 2 §9, as the worklist). */
const DEFAULT_ORDER: OrderTerm<PatientOrderKey>[] = [{ key: 'updatedat', desc: true }];

export async function searchPatients(deps: Deps, auth: Auth, search: PatientSearch): Promise<PatientList> {
  requireOnPremises(deps);
  const requestedAt = new Date();
  const { rows, count } = await sql.searchPatients(deps.db, auth, {
    // A name is searched as the index stores it: upper-cased, with ^ and = read as spaces.
    terms: search.terms.map(({ key, term }) => ({
      target: TARGETS[key],
      term,
      nameTerm: { type: term.type, value: searchableName(term.value) },
    })),
    order: search.order.length > 0 ? search.order : DEFAULT_ORDER,
    limit: search.limit,
    offset: search.offset,
  });
  return { Count: count, Items: rows.map(toPatient), Limit: search.limit, Offset: search.offset, RequestedAt: requestedAt.toISOString() };
}

export async function findPatient(deps: Deps, auth: Auth, key: { no: number } | { patientId: string }): Promise<Patient> {
  requireOnPremises(deps);
  const row = await sql.selectPatient(deps.db, auth, key);
  if (!row) throw new AppError('not_found');
  return toPatient(row);
}

/** The payload checked by common's rules (400 naming every bad field) and normalized. */
function fieldsOf(input: Partial<Record<keyof PatientInput, unknown>>, caret: boolean): sql.PatientFields {
  const problems = patientInputProblems(input);
  if (Object.keys(problems).length > 0) throw new AppError('validation_failed', problems);
  const normalized = normalizePatientInput(input as Partial<PatientInput>);
  const value = { ...normalized, Name: typedPersonName(normalized.Name, caret) };
  return {
    id: value.ID,
    name: value.Name,
    searchName: searchableName(value.Name),
    sex: value.Sex,
    birthDate: value.BirthDate,
    comments: value.Comments,
  };
}

const taken = () => new AppError('already_exists', { ID: MESSAGES.already_exists });

export async function addPatient(deps: Deps, _auth: Auth, input: Partial<Record<keyof PatientInput, unknown>>): Promise<Patient> {
  requireOnPremises(deps);
  const row = await sql.insertPatient(deps.db, fieldsOf(input, await spaceToCaret(deps.db)));
  if (!row) throw taken();
  return toPatient(row);
}

export async function updatePatient(
  deps: Deps,
  auth: Auth,
  no: number,
  input: Partial<Record<keyof PatientInput, unknown>>,
): Promise<Patient> {
  requireOnPremises(deps);
  const fields = fieldsOf(input, await spaceToCaret(deps.db));
  if (await sql.patientIdTaken(deps.db, fields.id, no)) throw taken();
  // Two saves racing for one PatientID: the unique index refuses the second (23505 → already_exists).
  const row = await sql.updatePatient(deps.db, auth, no, fields);
  if (!row) throw new AppError('not_found');
  return toPatient(row);
}

export async function deletePatient(deps: Deps, auth: Auth, no: number): Promise<void> {
  requireOnPremises(deps);
  if (!(await sql.deletePatient(deps.db, auth, no))) throw new AppError('not_found');
}

/**
 * The patient import (spec 1 §4): one record per PatientID of the study index that has none, and
 * configs `mwm.is_patient_imported` set, in one transaction under the configs row's lock, so no
 * study indexed meanwhile is missed (patients.sql.ts lockImportFlag). Running it again adds only
 * what is missing. The flag is set here rather than by the client: a worklist user without the
 * admin permission, who may not save configs, completes the import too.
 */
export async function importPatients(deps: Deps, _auth: Auth): Promise<PatientImportResult> {
  requireOnPremises(deps);
  return transaction(deps.db, async (client) => {
    if (!(await sql.lockImportFlag(client))) {
      await ensureConfigs(deps.db);
      await sql.lockImportFlag(client);
    }
    const created = await sql.importPatients(client);
    await sql.setImportFlag(client);
    return { Created: created, Total: await sql.countPatients(client) };
  });
}
