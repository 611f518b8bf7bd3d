/**
 * Export (issue 15): the caller's selected studies, series and instances as a zip of DICOM files
 * with a DICOMDIR, streamed, optionally anonymized with the configs' anonymization list.
 *
 * Everything that can refuse runs before the archive opens: every named study, series and instance
 * must be one the caller sees (404 otherwise; a whole study is narrowed to the series the caller sees, as
 * forwarding does), and a role whose kind hides fields may not take whole files (403, as the
 * viewer's series export). Then:
 * - not anonymized: Orthanc's own archive (POST /tools/create-media), passed through;
 * - anonymized: each file modified by Orthanc without being stored, written to a private temporary
 *   folder and added to a zip as soon as it is there, dcmmkdir's DICOMDIR last. The folder goes
 *   when the archive ends, fails or is abandoned by the browser.
 * Each export is recorded in export_jobs (who, what, anonymized or not, how it ended).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import {
  EXPORT_MAX_STUDIES,
  enabledAnonymization,
  type AnonymizationItem,
  type AnonymizationKey,
  type ExportItem,
  type ExportRequest,
} from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { hiddenAttributes, hidesAny } from '../../access/hidden-dicom.ts';
import { requireVisibleResource, requireVisibleStudy, visibleSeriesOf } from '../../access/visibility.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { invalid } from '../../http/input.ts';
import { withUploadDir } from '../../http/upload-dirs.ts';
import { log } from '../../log.ts';
import { readConfigs } from '../configs/configs.service.ts';
import { modificationFor, patientPseudonym } from './anonymization.ts';
import { DICOMDIR, makeDicomdir } from './dicomdir.ts';
import * as sql from './export.sql.ts';

/** Orthanc modifies this many files at once for an anonymized export. */
const MODIFY_CONCURRENCY = 4;
/** Zip overhead per file (local header, central directory entry, name), for the size estimate. */
const ZIP_BYTES_PER_FILE = 150;
/** DICOMDIR bytes per file (its image record, a share of the series and study records). */
const DICOMDIR_BYTES_PER_FILE = 400;

/** One file of the archive: its Orthanc instance, its path in the zip, its patient's pseudonym. */
interface PlannedFile {
  orthancId: string;
  path: string;
  pseudonym: string;
}

interface ExportPlan {
  studies: string[];
  series: string[];
  instances: string[];
  files: PlannedFile[];
  bytes: number;
}

export interface ExportDownload {
  fileName: string;
  instances: number;
  /** The archive's expected size; an estimate (Orthanc's archive is compressed, ours is not). */
  bytes: number;
  stream: Readable;
}

/** What one study contributes: null for the whole study, else its named series and instances. */
interface StudyItems {
  series: Set<string>;
  instances: { series: string; instance: string }[];
}

/** The items grouped by study, in the order given. */
function byStudy(items: readonly ExportItem[]): Map<string, StudyItems | null> {
  const studies = new Map<string, StudyItems | null>();
  for (const item of items) {
    const current = studies.get(item.StudyInstanceUID);
    if (current === null) continue;
    if (item.SeriesInstanceUID === undefined) {
      studies.set(item.StudyInstanceUID, null);
      continue;
    }
    const named = current ?? { series: new Set<string>(), instances: [] };
    if (item.SOPInstanceUID === undefined) named.series.add(item.SeriesInstanceUID);
    else named.instances.push({ series: item.SeriesInstanceUID, instance: item.SOPInstanceUID });
    studies.set(item.StudyInstanceUID, named);
  }
  return studies;
}

/** DICOM file IDs: at most 8 upper-case letters and digits per component (PS3.10 §8.2). */
const component = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;

/** Which files, checked against what the caller sees; 404 for anything it does not see. */
async function planExport(deps: Deps, auth: Auth, items: readonly ExportItem[]): Promise<ExportPlan> {
  const studies = byStudy(items);
  if (studies.size === 0) throw invalid('Items', 'The field is required');
  if (studies.size > EXPORT_MAX_STUDIES) throw invalid('Items', `At most ${EXPORT_MAX_STUDIES} studies can be exported at once.`);
  const plan: ExportPlan = { studies: [], series: [], instances: [], files: [], bytes: 0 };
  const patients = new Map<string, string>();
  let studyNumber = 0;
  for (const [uid, named] of studies) {
    const studyId = await requireVisibleStudy(deps.db, auth, uid);
    let seriesUids: string[] | null;
    let sopUids: string[] | null = null;
    if (named === null) {
      const visible = await visibleSeriesOf(deps.db, auth, studyId);
      seriesUids = visible ? [...visible] : null;
    } else {
      for (const series of named.series) await requireVisibleResource(deps.db, auth, uid, series);
      for (const { series, instance } of named.instances) await requireVisibleResource(deps.db, auth, uid, series, instance);
      seriesUids = [...named.series];
      sopUids = named.instances.map(({ instance }) => instance);
      plan.series.push(...seriesUids);
      plan.instances.push(...sopUids);
    }
    const rows = await sql.selectInstances(deps.db, studyId, seriesUids, sopUids);
    if (rows.length === 0) continue;
    const patientId = await sql.selectPatientId(deps.db, studyId);
    const pseudonym = patients.get(patientId) ?? patientPseudonym(patients.size + 1);
    patients.set(patientId, pseudonym);
    plan.studies.push(uid);
    studyNumber++;
    const seriesNumbers = new Map<string, number>();
    for (const [at, row] of rows.entries()) {
      const seriesNumber = seriesNumbers.get(row.series_instance_uid) ?? seriesNumbers.size + 1;
      seriesNumbers.set(row.series_instance_uid, seriesNumber);
      const path = ['DICOM', component('ST', studyNumber), component('SE', seriesNumber), component('IM', at + 1)].join('/');
      plan.files.push({ orthancId: row.orthanc_id, path, pseudonym });
      plan.bytes += Number(row.file_size) + ZIP_BYTES_PER_FILE + DICOMDIR_BYTES_PER_FILE;
    }
  }
  // Whole files carry the fields such a role hides (docs/decisions.md "Hidden fields through DICOMweb").
  if (hidesAny(hiddenAttributes(deps.config.edition, auth.kind))) throw new AppError('forbidden');
  if (plan.files.length === 0) throw new AppError('not_found');
  return plan;
}

/** The configs' anonymization items (GET /anonymized/all). */
export async function listAnonymization(deps: Deps): Promise<AnonymizationItem[]> {
  return (await readConfigs(deps.db)).anonymization;
}

/**
 * The anonymized archive: a zip whose entries are added as Orthanc hands each modified file over,
 * the DICOMDIR last. Resolves with the zip's stream once the first file is there (so an Orthanc
 * that does not answer is still an error answer, not a broken download).
 */
function anonymizedArchive(
  deps: Deps,
  plan: ExportPlan,
  keys: readonly AnonymizationKey[],
  signal: AbortSignal,
): Promise<{ stream: Readable; done: Promise<void> }> {
  const zip = new yazl.ZipFile();
  const stream = zip.outputStream as Readable;
  // yazl reports a file it cannot read as an 'error' event; the work's own failure destroys the stream.
  zip.on('error', (error: Error) => stream.destroy(error));
  // A failure before the first file destroys the stream before the route pipes it anywhere: the
  // failure is answered through `done`, and an 'error' nobody listens to would end the process.
  stream.on('error', () => undefined);
  let started: () => void = () => undefined;
  const firstFile = new Promise<void>((resolve) => (started = resolve));

  const done = withUploadDir(deps.config.dataDir, async (dir) => {
    // One failed file stops the others before the folder is removed.
    const work = new AbortController();
    const stop = () => work.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      let next = 0;
      const worker = async () => {
        while (next < plan.files.length && !work.signal.aborted) {
          const file = plan.files[next++]!;
          const target = join(dir, ...file.path.split('/'));
          await mkdir(dirname(target), { recursive: true });
          const answer = await deps.orthanc.modifyInstance(file.orthancId, modificationFor(keys, file.pseudonym), { signal: work.signal });
          await pipeline(answer, createWriteStream(target), { signal: work.signal });
          zip.addFile(target, file.path, { compress: false });
          started();
        }
      };
      // The first failure is the cause; the others are mostly the aborts it set off.
      let failure: { reason: unknown } | undefined;
      await Promise.all(
        Array.from({ length: MODIFY_CONCURRENCY }, () =>
          worker().catch((error: unknown) => {
            failure ??= { reason: error };
            work.abort();
          }),
        ),
      );
      if (failure) throw failure.reason;
      if (signal.aborted) throw new Error('export abandoned by the browser');
      await makeDicomdir(dir, 'DICOM', work.signal);
      zip.addFile(join(dir, DICOMDIR), DICOMDIR, { compress: false });
      zip.end();
      // The folder must outlive the reading of its files into the zip.
      await finished(stream);
    } catch (error) {
      stream.destroy(error as Error);
      throw error;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  });
  return Promise.race([firstFile, done]).then(() => ({ stream, done }));
}

/**
 * Checks the request, records the export and opens its archive; the caller streams `stream` to
 * the browser and aborts `signal` when the browser goes away.
 */
export async function openExport(deps: Deps, auth: Auth, request: ExportRequest, signal: AbortSignal): Promise<ExportDownload> {
  const plan = await planExport(deps, auth, request.Items);
  const keys = request.Anonymize ? enabledAnonymization((await readConfigs(deps.db)).anonymization) : [];
  const id = await sql.insertExport(deps.db, {
    accountId: auth.accountId,
    studyInstanceUids: plan.studies,
    seriesInstanceUids: plan.series,
    sopInstanceUids: plan.instances,
    instancesTotal: plan.files.length,
    anonymization: keys,
  });
  const record = (state: sql.ExportState) =>
    sql.finishExport(deps.db, id, state).catch((error: unknown) => log.warn(`Export ${id}: could not record its end: ${String(error)}`));
  const ended = (error: unknown) => {
    const state = signal.aborted ? 'cancelled' : 'failed';
    if (state === 'failed') log.warn(`Export ${id} failed: ${String(error)}`);
    return record(state);
  };

  let opened: { stream: Readable; done: Promise<void> };
  try {
    if (keys.length > 0) {
      opened = await anonymizedArchive(deps, plan, keys, signal);
    } else {
      const answer = await deps.orthanc.createMedia(
        plan.files.map((file) => file.orthancId),
        { signal },
      );
      opened = { stream: answer, done: finished(answer) };
    }
  } catch (error) {
    await ended(error);
    throw error;
  }
  opened.done.then(() => record('completed'), ended);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return { fileName: `dicom-export-${stamp}.zip`, instances: plan.files.length, bytes: plan.bytes, stream: opened.stream };
}
