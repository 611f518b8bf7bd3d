/**
 * Editing tags from the list (issue 16, "Edit"): the files are rewritten by Orthanc keeping every
 * UID, so links, shares, reports and key images stay valid, and the study index follows at once
 * through the indexer's own code (collectStudy + writeBatch), not by waiting for /changes.
 *
 * - Same PatientID: `/studies|series/{id}/modify` as a job (Keep the UIDs, Force). The rewritten
 *   instances keep their Orthanc ids and replace the stored ones (OverwriteInstances).
 * - New PatientID: Orthanc 1.10 refuses it at study level, and Orthanc's ids hash the PatientID, so
 *   each instance is rewritten (`/instances/{id}/modify`) and stored as a new resource; the index
 *   rows keep their ids and take the new Orthanc ids; then the old Orthanc study is deleted.
 * - A patient-level edit writes the patient's demographics into every study of the PatientID that
 *   the caller sees, one study at a time, and says how many it rewrote.
 *
 * Who may: list_edit (the route), never a share guest, and each study must be visible (404
 * otherwise). Fields a role hides cannot be edited. Nothing editable decides visibility except
 * PatientID through patient shares (docs/decisions.md "Editing tags").
 */
import {
  EDIT_MAX_PATIENT_STUDIES,
  PATIENT_EDIT_TAGS,
  normalizeEditValue,
  typedPersonName,
  type EditChange,
  type EditLevel,
  type EditResult,
  type EditTag,
  type InstanceEditInput,
  type SeriesEditInput,
  type StudyEditInput,
  type StudyEditRecord,
  type StudyEditTag,
} from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { forgetVisibility, requireVisibleResource, requireVisibleStudy } from '../../access/visibility.ts';
import { transaction, type DbClient } from '../../db/pool.ts';
import { jobsNode, type Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { invalid } from '../../http/input.ts';
import { log } from '../../log.ts';
import type { OrthancModification } from '../../orthanc/client.ts';
import { Indexer, emptyBatch, mapLimit, type Batch } from '../../study-index/indexer.ts';
import { writeBatch } from '../../study-index/study-index.sql.ts';
import { spaceToCaret } from '../configs/configs.service.ts';
import { hiddenFor } from '../studies/studies.service.ts';
import * as sql from './edit.sql.ts';

const STUDY_COLUMN: Readonly<Record<StudyEditTag, keyof sql.StudyRow>> = {
  PatientName: 'patient_name',
  PatientID: 'patient_id',
  PatientBirthDate: 'patient_birth_date',
  PatientSex: 'patient_sex',
  PatientComments: 'patient_comments',
  PatientAge: 'patient_age',
  StudyDate: 'study_date',
  StudyTime: 'study_time',
  StudyDescription: 'study_description',
  AccessionNumber: 'accession_number',
  StudyID: 'study_id',
};

/** Every UID stays: links, shares, reports and key images name them. At instance level Orthanc would otherwise give the parents new UIDs too. */
const KEEP_UIDS = ['StudyInstanceUID', 'SeriesInstanceUID', 'SOPInstanceUID'];

/** The tags whose new value differs from the current one, in the order given. */
export function changesOf<T extends EditTag>(tags: Partial<Record<T, string>>, current: (tag: T) => string): EditChange[] {
  const changes: EditChange[] = [];
  for (const [tag, value] of Object.entries(tags) as [T, string | undefined][]) {
    if (value === undefined) continue;
    const next = normalizeEditValue(tag, value);
    const old = current(tag);
    if (next !== old) changes.push({ Tag: tag, Old: old, New: next });
  }
  return changes;
}

/** Orthanc's Replace for these changes. */
export function replacementOf(changes: readonly EditChange[]): Record<string, string> {
  return Object.fromEntries(changes.map((change) => [change.Tag, change.New]));
}

/** Share guests never edit; a role that hides a field cannot write it either. */
function requireEditor(deps: Deps, auth: Auth, tags: readonly string[]): void {
  if (auth.accessKey !== null) throw new AppError('forbidden');
  const hidden = hiddenFor(deps, auth);
  if (tags.some((tag) => hidden.has(tag))) throw new AppError('forbidden');
}

const studyValue = (row: sql.StudyRow) => (tag: StudyEditTag) => String(row[STUDY_COLUMN[tag]] ?? '');

interface StudyPlan {
  row: sql.StudyRow;
  level: EditLevel;
  changes: EditChange[];
}

export async function editStudy(deps: Deps, auth: Auth, input: StudyEditInput): Promise<EditResult> {
  requireEditor(deps, auth, Object.keys(input.Tags));
  const studyId = await requireVisibleStudy(deps.db, auth, input.StudyInstanceUID);
  const row = await sql.selectStudy(deps.db, studyId);
  if (!row) throw new AppError('not_found');
  // A typed "Yamada Tarou" is stored Yamada^Tarou when the site asks (configs patient_name).
  if (input.Tags.PatientName !== undefined) {
    input = { ...input, Tags: { ...input.Tags, PatientName: typedPersonName(input.Tags.PatientName, await spaceToCaret(deps.db)) } };
  }
  const changes = changesOf(input.Tags, studyValue(row));
  const plans: StudyPlan[] = [{ row, level: input.AllStudiesOfPatient ? 'patient' : 'study', changes }];
  if (input.AllStudiesOfPatient) {
    const patientTags = Object.fromEntries(
      Object.entries(input.Tags).filter(([tag]) => (PATIENT_EDIT_TAGS as readonly string[]).includes(tag)),
    ) as StudyEditInput['Tags'];
    const others = await sql.selectVisiblePatientStudies(deps.db, auth, row.patient_id, EDIT_MAX_PATIENT_STUDIES + 1);
    if (others.length > EDIT_MAX_PATIENT_STUDIES) {
      throw invalid('AllStudiesOfPatient', `At most ${EDIT_MAX_PATIENT_STUDIES} studies of a patient can be edited at once.`);
    }
    for (const other of others) {
      if (other.id !== row.id) plans.push({ row: other, level: 'patient', changes: changesOf(patientTags, studyValue(other)) });
    }
  }
  const todo = plans.filter((plan) => plan.changes.length > 0);
  // Orthanc keys a study by PatientID and StudyInstanceUID: a new PatientID under which the archive
  // already holds the same study would merge two studies' files. Checked before anything is written.
  for (const plan of todo) {
    const patientId = plan.changes.find((change) => change.Tag === 'PatientID')?.New;
    if (patientId !== undefined && (await sql.twinExists(deps.db, plan.row.study_instance_uid, patientId, plan.row.id))) {
      throw new AppError('conflict', { PatientID: 'The archive already holds this study under that PatientID.' });
    }
  }
  let moved = false;
  for (const plan of todo) {
    moved = (await withStudyLock(deps, plan.row.id, () => rewriteStudy(deps, auth, plan))) || moved;
  }
  if (moved) forgetVisibility();
  return { Studies: todo.length, Changes: changes };
}

/** Rewrites one study's files and index rows, and records the edit; true when its Orthanc ids changed. */
async function rewriteStudy(deps: Deps, auth: Auth, { row, level, changes }: StudyPlan): Promise<boolean> {
  const replace = replacementOf(changes);
  const edit = { accountId: auth.accountId, level, studyId: row.id, studyInstanceUid: row.study_instance_uid, changes };
  const kept = {
    ...(replace.PatientAge !== undefined ? { patientAge: replace.PatientAge } : {}),
    ...(replace.PatientComments !== undefined ? { patientComments: replace.PatientComments } : {}),
  };
  if (replace.PatientID === undefined) {
    const job = await jobsNode(deps).modifyResource('studies', row.orthanc_id, { Replace: replace, Keep: KEEP_UIDS, Force: true });
    await jobsNode(deps).waitForJob(job);
    await reindex(deps, row.id, row.orthanc_id, false, async (client) => {
      await sql.setKeptColumns(client, row.id, kept);
      await sql.insertEdit(client, edit);
    });
    return false;
  }
  const newStudy = await storeUnderNewPatient(deps, row.orthanc_id, replace);
  await reindex(deps, row.id, newStudy, true, async (client) => {
    await sql.setKeptColumns(client, row.id, kept);
    await sql.insertEdit(client, edit);
  });
  // The index no longer names the old resources: their deletion is news to nobody.
  await deps.orthanc.deleteResource('studies', row.orthanc_id);
  return true;
}

/**
 * Each instance of the study rewritten with the new PatientID (and the other changes) and stored;
 * the new Orthanc study's id. On failure, what was stored so far is removed again, so the archive
 * holds the study once, unchanged.
 */
async function storeUnderNewPatient(deps: Deps, orthancStudyId: string, replace: Record<string, string>): Promise<string> {
  const study = await deps.orthanc.getStudy(orthancStudyId);
  const instances = (await mapLimit(study.Series, 2, (series) => deps.orthanc.listSeriesInstances(series))).flat();
  const stored: string[] = [];
  const modification: OrthancModification = { Replace: replace, Keep: KEEP_UIDS, Force: true };
  try {
    const answers = await mapLimit(instances, 4, async (instance) => {
      const file = await deps.orthanc.modifiedInstanceFile(instance.ID, modification);
      const answer = await deps.orthanc.storeInstance(file);
      stored.push(answer.ID);
      return answer;
    });
    const parents = new Set(answers.map((answer) => answer.ParentStudy));
    const [newStudy] = parents;
    if (parents.size !== 1 || newStudy === undefined)
      throw new Error(`the rewritten study ${orthancStudyId} landed in ${parents.size} studies`);
    return newStudy;
  } catch (error) {
    await mapLimit(stored, 4, (id) => deps.orthanc.deleteResource('instances', id)).catch((cleanup: unknown) =>
      log.warn(`Edit: could not remove the rewritten instances of ${orthancStudyId}: ${String(cleanup)}`),
    );
    throw error;
  }
}

/**
 * Reads the study from Orthanc and writes it into the index in one transaction with `after`.
 * `moved`: the index rows take the new Orthanc ids first. The /changes follower may be writing the
 * same rows: a unique clash is tried again, reading afresh.
 */
async function reindex(deps: Deps, studyId: number, orthancStudyId: string, moved: boolean, after: (client: DbClient) => Promise<void>) {
  const indexer = new Indexer(deps.orthanc, deps.db);
  for (let attempt = 1; ; attempt++) {
    const batch = emptyBatch();
    await indexer.collectStudy(orthancStudyId, batch);
    try {
      await transaction(deps.db, async (client) => {
        if (moved) await sql.moveToOrthancIds(client, studyId, orthancStudyId, seriesIds(batch), instanceIds(batch));
        await writeBatch(client, batch);
        await after(client);
      });
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '23505' || attempt >= 3) throw error;
    }
  }
}

const seriesIds = (batch: Batch) => [...batch.series.values()].map((s) => ({ uid: s.seriesInstanceUid, orthancId: s.orthancId }));
const instanceIds = (batch: Batch) => batch.instances.map((i) => ({ uid: i.sopInstanceUid, orthancId: i.orthancId }));

/** Runs `work` holding the study's edit lock; 409 while another edit of the study runs. */
async function withStudyLock<T>(deps: Deps, studyId: number, work: () => Promise<T>): Promise<T> {
  const client = await deps.db.connect();
  try {
    if (!(await sql.tryStudyLock(client, studyId))) throw new AppError('conflict');
    try {
      return await work();
    } finally {
      await sql.releaseStudyLock(client, studyId).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

export async function editSeries(deps: Deps, auth: Auth, input: SeriesEditInput): Promise<EditResult> {
  requireEditor(deps, auth, Object.keys(input.Tags));
  await requireVisibleResource(deps.db, auth, input.StudyInstanceUID, input.SeriesInstanceUID);
  const studyId = await requireVisibleStudy(deps.db, auth, input.StudyInstanceUID);
  const [study, series] = await Promise.all([
    sql.selectStudy(deps.db, studyId),
    sql.selectSeries(deps.db, studyId, input.SeriesInstanceUID),
  ]);
  if (!study || !series) throw new AppError('not_found');
  const current = {
    SeriesDescription: series.series_description,
    SeriesNumber: series.series_number === null ? '' : String(series.series_number),
    BodyPartExamined: series.body_part_examined,
  };
  const changes = changesOf(input.Tags, (tag) => current[tag]);
  if (changes.length === 0) return { Studies: 0, Changes: [] };
  await withStudyLock(deps, studyId, async () => {
    const job = await jobsNode(deps).modifyResource('series', series.orthanc_id, {
      Replace: replacementOf(changes),
      Keep: KEEP_UIDS.slice(1),
      Force: true,
    });
    await jobsNode(deps).waitForJob(job);
    await reindex(deps, studyId, study.orthanc_id, false, (client) =>
      sql.insertEdit(client, {
        accountId: auth.accountId,
        level: 'series',
        studyId,
        studyInstanceUid: study.study_instance_uid,
        seriesInstanceUid: series.series_instance_uid,
        changes,
      }),
    );
  });
  return { Studies: 1, Changes: changes };
}

export async function editInstance(deps: Deps, auth: Auth, input: InstanceEditInput): Promise<EditResult> {
  requireEditor(deps, auth, Object.keys(input.Tags));
  const orthancId = await requireVisibleResource(deps.db, auth, input.StudyInstanceUID, input.SeriesInstanceUID, input.SOPInstanceUID);
  const studyId = await requireVisibleStudy(deps.db, auth, input.StudyInstanceUID);
  const [study, series] = await Promise.all([
    sql.selectStudy(deps.db, studyId),
    sql.selectSeries(deps.db, studyId, input.SeriesInstanceUID),
  ]);
  const instance = series && (await sql.selectInstance(deps.db, series.id, input.SOPInstanceUID));
  if (!study || !instance || !orthancId) throw new AppError('not_found');
  const changes = changesOf(input.Tags, () => (instance.instance_number === null ? '' : String(instance.instance_number)));
  if (changes.length === 0) return { Studies: 0, Changes: [] };
  await withStudyLock(deps, studyId, async () => {
    // Orthanc has no job for one instance: the rewritten file is stored again and replaces it.
    const file = await deps.orthanc.modifiedInstanceFile(orthancId, {
      Replace: replacementOf(changes),
      Keep: KEEP_UIDS,
      Force: true,
    });
    await deps.orthanc.storeInstance(file);
    await reindex(deps, studyId, study.orthanc_id, false, (client) =>
      sql.insertEdit(client, {
        accountId: auth.accountId,
        level: 'instance',
        studyId,
        studyInstanceUid: study.study_instance_uid,
        seriesInstanceUid: input.SeriesInstanceUID,
        sopInstanceUid: instance.sop_instance_uid,
        changes,
      }),
    );
  });
  return { Studies: 1, Changes: changes };
}

/** A study's edit history, newest first (the audit screen of a later issue reads the table itself). */
export async function studyEdits(deps: Deps, auth: Auth, studyInstanceUid: string): Promise<StudyEditRecord[]> {
  requireEditor(deps, auth, []);
  const studyId = await requireVisibleStudy(deps.db, auth, studyInstanceUid);
  const hidden = hiddenFor(deps, auth);
  const records = await sql.selectEdits(deps.db, studyId, 200);
  // A role that hides a field does not learn its old or new values from the history either.
  return records.map((record) => ({ ...record, Changes: record.Changes.filter((change) => !hidden.has(change.Tag)) }));
}
