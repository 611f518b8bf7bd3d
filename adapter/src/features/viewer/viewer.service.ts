/**
 * The viewer's stored extras (annotations, key images) and what it writes to or reads whole from
 * the archive (captures, series exports). Each function first asks the visibility module.
 */
import type { Annotation, KeyImage } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { hiddenAttributes, hidesAny } from '../../access/hidden-dicom.ts';
import { requireVisibleResource, requireVisibleStudy } from '../../access/visibility.ts';
import { transaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { requireStudy } from '../studies/studies.service.ts';
import { secondaryCapture } from './capture.ts';
import * as sql from './viewer.sql.ts';

export type { AnnotationInput } from './viewer.sql.ts';

export async function listAnnotations(deps: Deps, auth: Auth, studyUid: string) {
  return annotationsOf(deps, await requireVisibleStudy(deps.db, auth, studyUid));
}

async function annotationsOf(deps: Deps, studyId: number): Promise<Annotation[]> {
  return (await sql.selectAnnotations(deps.db, studyId)).map((row) => ({
    Id: row.id,
    Account: row.account_id,
    AccountName: row.name,
    SeriesInstanceUID: row.series_instance_uid,
    SOPInstanceUID: row.sop_instance_uid,
    Frame: row.frame,
    Tool: row.tool,
    Data: row.data,
    UpdatedAt: row.updated_at.toISOString(),
  }));
}

/** Replaces the caller's own annotations on a study it sees, all or nothing. */
export async function replaceAnnotations(deps: Deps, auth: Auth, studyUid: string, items: readonly sql.AnnotationInput[]) {
  const studyId = await requireVisibleStudy(deps.db, auth, studyUid);
  await transaction(deps.db, (client) => sql.replaceAnnotations(client, studyId, auth.accountId, items));
  return annotationsOf(deps, studyId);
}

export async function listKeyImages(deps: Deps, auth: Auth, studyUid: string) {
  return keyImagesOf(deps, await requireVisibleStudy(deps.db, auth, studyUid));
}

async function keyImagesOf(deps: Deps, studyId: number): Promise<KeyImage[]> {
  return (await sql.selectKeyImages(deps.db, studyId)).map((row) => ({
    No: row.no,
    SeriesInstanceUID: row.series_instance_uid,
    SOPInstanceUID: row.sop_instance_uid,
    Frame: row.frame,
    Account: row.account_id,
    CreatedAt: row.created_at.toISOString(),
  }));
}

export interface KeyImageMark {
  uid: string;
  series: string;
  instance: string;
  frame: number;
  marked: boolean;
}

/** Marks or unmarks a key image: the caller sees the study and series, and the instance lies inside. */
export async function markKeyImage(deps: Deps, auth: Auth, mark: KeyImageMark) {
  await requireVisibleResource(deps.db, auth, mark.uid, mark.series, mark.instance);
  const studyId = await requireVisibleStudy(deps.db, auth, mark.uid);
  const ref = { studyId, series: mark.series, instance: mark.instance, frame: mark.frame };
  if (mark.marked) await sql.insertKeyImage(deps.db, ref, auth.accountId);
  else await sql.deleteKeyImage(deps.db, ref);
  return keyImagesOf(deps, studyId);
}

/** Stores a capture of the viewport as a Secondary Capture in a study the caller sees. */
export async function storeCapture(deps: Deps, auth: Auth, input: { uid: string; description: string; image: Buffer }) {
  const study = await requireStudy(deps, auth, input.uid);
  const number = await sql.nextCaptureSeriesNumber(deps.db, study.StudyInstanceUID);
  const capture = secondaryCapture(study, input.image, { number, description: input.description });
  const stored = await deps.orthanc.request('/instances', {
    method: 'POST',
    body: capture.file,
    headers: { 'content-type': 'application/dicom' },
    timeoutMs: 60_000,
  });
  const answer = await stored.text();
  if (!stored.ok) throw new Error(`Orthanc refused the capture: ${stored.status} ${answer}`);
  return { StudyInstanceUID: study.StudyInstanceUID, SeriesInstanceUID: capture.seriesInstanceUid, SOPInstanceUID: capture.sopInstanceUid };
}

/**
 * The Orthanc series a caller may download whole, and the zip's name. Whole files carry the
 * fields a role hides (docs/decisions.md "Hidden fields through DICOMweb"): refused then.
 */
export async function seriesForExport(deps: Deps, auth: Auth, seriesUid: string): Promise<{ orthancId: string; fileName: string }> {
  const series = await sql.selectVisibleSeries(deps.db, auth, seriesUid);
  if (!series) throw new AppError('not_found');
  if (hidesAny(hiddenAttributes(deps.config.edition, auth.kind))) throw new AppError('forbidden');
  return { orthancId: series.orthanc_id, fileName: `${(series.description || 'series').replace(/[^\w.-]+/g, '_').slice(0, 60)}.zip` };
}
