/**
 * The modality worklist (issue 17): entries in PostgreSQL, and for each scheduled one (status
 * none or in_progress) a worklist file in Orthanc's worklist folder, which modalities query by
 * C-FIND (worklist-files.ts). On premises only (spec 1 §2, spec 2 §6).
 *
 * A change writes the row and its file in one go: the file is written (or removed) inside the
 * row's transaction, so a failed write leaves neither. The study index moves statuses as images
 * arrive (worklist.sql.ts progressWorklist) and calls `worklistMoved` for the files; at start
 * `reconcileWorklist` makes the folder match the table whatever happened meanwhile.
 */
import {
  isOnPremises,
  normalizeWorklistEntry,
  typedPersonName,
  type WorklistEntryInput,
  type WorklistItem,
  type WorklistList,
  type WorklistSearch,
  type WorklistStatus,
} from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import type { Config } from '../../config.ts';
import { transaction } from '../../db/pool.ts';
import { siteTimeZone, touchHeartbeatMarker } from '../../db/site.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { spaceToCaret } from '../configs/configs.service.ts';
import { newUid } from '../viewer/capture.ts';
import { reconcileWorklistFolder, syncWorklistFile, type WorklistFileEntry } from './worklist-files.ts';
import * as sql from './worklist.sql.ts';

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;

function toEntry(row: sql.WorklistRow): WorklistEntryInput {
  return {
    PatientID: row.patient_id,
    PatientName: row.patient_name,
    PatientBirthDate: row.patient_birth_date,
    PatientSex: row.patient_sex,
    PatientAge: row.patient_age,
    AccessionNumber: row.accession_number,
    RequestedProcedureID: row.requested_procedure_id,
    RequestedProcedureDescription: row.requested_procedure_description,
    ReferringPhysicianName: row.referring_physician_name,
    ScheduledProcedureStep: {
      Modality: row.modality,
      ScheduledStationAETitle: row.scheduled_station_ae_title,
      ScheduledProcedureStepStartDate: row.scheduled_date,
      ScheduledProcedureStepStartTime: row.scheduled_time,
      ScheduledPerformingPhysicianName: row.scheduled_performing_physician_name,
      ScheduledProcedureStepDescription: row.scheduled_step_description,
      ScheduledProcedureStepID: row.scheduled_step_id,
    },
  };
}

export function toWorklistItem(row: sql.WorklistRow): WorklistItem {
  return {
    ...toEntry(row),
    UID: row.study_instance_uid,
    StudyInstanceUID: row.study_instance_uid,
    Status: row.status,
    Modality: row.modality,
    StudyDate: row.scheduled_date,
    StudyTime: row.scheduled_time,
    StudyDateTime: `${row.scheduled_date}${row.scheduled_time ? ` ${row.scheduled_time}` : ''}`,
    StudyDescription: row.requested_procedure_description,
    PerformingPhysicianName: row.scheduled_performing_physician_name,
    AETitle: row.scheduled_station_ae_title,
    PerformedStudyInstanceUID: row.performed_study_instance_uid,
    CreatedBy: row.created_by,
    CreatedAt: row.created_at.toISOString(),
    UpdatedAt: row.updated_at.toISOString(),
    StartedAt: iso(row.started_at),
    CompletedAt: iso(row.completed_at),
  };
}

function fileEntry(row: sql.WorklistRow): WorklistFileEntry {
  return { ...toEntry(row), StudyInstanceUID: row.study_instance_uid, Status: row.status };
}

/** The worklist exists only in an on-premises install (spec 1 §2). */
function requireOnPremises(deps: Deps): void {
  if (!isOnPremises(deps.config.edition)) throw new AppError('forbidden');
}

/** Writes or removes the entry's file as its status says; nothing when the folder is not ours. */
async function syncFile(config: Config, row: sql.WorklistRow): Promise<void> {
  const dir = config.orthanc.worklistsDir;
  if (dir !== null) await syncWorklistFile(dir, fileEntry(row));
}

async function assertAccessionFree(deps: Deps, accession: string, exceptUid: string | null): Promise<void> {
  if (await sql.accessionTaken(deps.db, accession, exceptUid))
    throw new AppError('already_exists', { AccessionNumber: 'An item with the entered value already exists' });
}

/** A unique-index refusal of the accession number (two creates at once) as the same 409. */
function accessionConflict(error: unknown): never {
  if ((error as { constraint?: unknown }).constraint === 'worklist_entries_accession')
    throw new AppError('already_exists', { AccessionNumber: 'An item with the entered value already exists' });
  throw error;
}

export async function searchWorklist(deps: Deps, search: WorklistSearch, page: { limit: number; offset: number }): Promise<WorklistList> {
  requireOnPremises(deps);
  const requestedAt = new Date().toISOString();
  const { rows, count } = await sql.searchEntries(deps.db, search, { ...page, timeZone: await siteTimeZone(deps.db) });
  return { Count: count, Items: rows.map(toWorklistItem), Limit: page.limit, Offset: page.offset, RequestedAt: requestedAt };
}

/** The entry's person names as the site stores typed names (space to caret, configs patient_name). */
async function typedNames(deps: Deps, entry: WorklistEntryInput): Promise<WorklistEntryInput> {
  const caret = await spaceToCaret(deps.db);
  return {
    ...entry,
    PatientName: typedPersonName(entry.PatientName, caret),
    ReferringPhysicianName: typedPersonName(entry.ReferringPhysicianName, caret),
  };
}

/** Schedules an entry: a new StudyInstanceUID keys it, and its worklist file is written. */
export async function createEntry(deps: Deps, auth: Auth, input: WorklistEntryInput): Promise<WorklistItem> {
  requireOnPremises(deps);
  const entry = await typedNames(deps, normalizeWorklistEntry(input));
  await assertAccessionFree(deps, entry.AccessionNumber, null);
  const row = await transaction(deps.db, async (client) => {
    const inserted = await sql.insertEntry(client, newUid(), entry, auth.accountId);
    await syncFile(deps.config, inserted);
    return inserted;
  }).catch(accessionConflict);
  await touchHeartbeatMarker(deps.db, 'mwm');
  return toWorklistItem(row);
}

/** Rewrites an entry (and its file); Status none or disabled puts it on or takes it off the modalities' list. */
export async function updateEntry(deps: Deps, uid: string, input: WorklistEntryInput, status?: WorklistStatus): Promise<WorklistItem> {
  requireOnPremises(deps);
  const entry = await typedNames(deps, normalizeWorklistEntry(input));
  const current = await sql.selectEntry(deps.db, uid);
  if (!current || current.status === 'deleted') throw new AppError('not_found');
  // Started or completed entries keep their status: images have arrived for them.
  if (status !== undefined && status !== current.status && (current.status === 'in_progress' || current.status === 'completed'))
    throw new AppError('conflict', { Status: 'The entry has already started; its status follows the images.' });
  await assertAccessionFree(deps, entry.AccessionNumber, uid);
  const row = await transaction(deps.db, async (client) => {
    const updated = await sql.updateEntry(client, uid, entry, status);
    if (!updated) throw new AppError('not_found');
    await syncFile(deps.config, updated);
    return updated;
  }).catch(accessionConflict);
  await touchHeartbeatMarker(deps.db, 'mwm');
  return toWorklistItem(row);
}

/** Marks an entry deleted and removes its file: a modality's C-FIND no longer finds it. */
export async function deleteEntry(deps: Deps, uid: string): Promise<void> {
  requireOnPremises(deps);
  await transaction(deps.db, async (client) => {
    const deleted = await sql.markDeleted(client, uid);
    if (!deleted) throw new AppError('not_found');
    await syncFile(deps.config, deleted);
  });
  await touchHeartbeatMarker(deps.db, 'mwm');
}

/** The study index moved these entries (images arrived, study stable): their files follow. */
export async function worklistMoved(config: Config, moved: readonly sql.MovedEntry[]): Promise<void> {
  for (const row of moved) await syncFile(config, row);
}

/** At start: the worklist folder holds exactly the scheduled entries' files (missing rewritten, strays removed). */
export async function reconcileWorklist(deps: Pick<Deps, 'config' | 'db'>): Promise<void> {
  const dir = deps.config.orthanc.worklistsDir;
  if (dir === null || !isOnPremises(deps.config.edition)) return;
  try {
    const { written, removed } = await reconcileWorklistFolder(dir, (await sql.selectScheduled(deps.db)).map(fileEntry));
    if (written > 0 || removed > 0) log.info(`Worklist folder reconciled: ${written} file(s) written, ${removed} removed`);
  } catch (error) {
    log.warn(`Worklist folder ${dir} not reconciled: ${error instanceof Error ? error.message : String(error)}`);
  }
}
