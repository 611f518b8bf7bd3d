/**
 * The worklist files Orthanc's ModalityWorklists plugin answers C-FIND from (orthanc-config
 * "Worklists": it reads every `*.wl` file of its Database folder at each query). One file per
 * scheduled entry, named `<StudyInstanceUID>.wl`, a DICOM Part 10 file written with dcmjs in UTF-8
 * (SpecificCharacterSet ISO_IR 192), so Japanese, Korean, Arabic or Hebrew names reach the
 * modality intact.
 *
 * A file is written under a temporary name in the same folder and renamed over the old one: the
 * plugin never reads half a file (it reads only `.wl`, and rename is atomic on one file system).
 * The same entry always gives the same bytes, so reconciling the folder rewrites only what differs.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import dcmjs from 'dcmjs';
import type { WorklistEntryInput, WorklistStatus } from '@pacs/common';

/** Modality Worklist Information Model – FIND: what a worklist file's meta header names. */
const WORKLIST_SOP_CLASS = '1.2.840.10008.5.1.4.31';
const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';
const IMPLEMENTATION_CLASS_UID = '2.25.210349327408562617263017516574916128461';
const SUFFIX = '.wl';
/** Temporary files start with this; the plugin skips them (not `.wl`), reconcile removes leftovers. */
const TEMPORARY_PREFIX = '.writing-';

/** What a file is made of: the entry's attributes, its key and its status. */
export interface WorklistFileEntry extends WorklistEntryInput {
  StudyInstanceUID: string;
  Status: WorklistStatus;
}

/** The file name of an entry (UIDs are digits and dots: no path can be smuggled in). */
export function worklistFileName(studyInstanceUid: string): string {
  if (!/^[0-9.]{1,64}$/.test(studyInstanceUid)) throw new Error(`Not a DICOM UID: ${studyInstanceUid}`);
  return `${studyInstanceUid}${SUFFIX}`;
}

/**
 * The worklist item as a Part 10 file: the patient, the requested procedure and one Scheduled
 * Procedure Step (PS3.4 K.6.1.2). Type 2 attributes are present even when empty, so a modality
 * that asks for them gets an answer instead of no match. ScheduledProcedureStepStatus tells
 * SCHEDULED from STARTED (images have arrived).
 */
export function worklistFile(entry: WorklistFileEntry): Buffer {
  const { DicomDict, DicomMetaDictionary } = dcmjs.data;
  const step = entry.ScheduledProcedureStep;
  const file = new DicomDict(
    DicomMetaDictionary.denaturalizeDataset({
      FileMetaInformationVersion: Uint8Array.of(0, 1).buffer,
      MediaStorageSOPClassUID: WORKLIST_SOP_CLASS,
      // No SOP instance exists for a worklist item; its study's UID keeps the bytes stable.
      MediaStorageSOPInstanceUID: entry.StudyInstanceUID,
      TransferSyntaxUID: EXPLICIT_LITTLE,
      ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
    }),
  );
  file.dict = DicomMetaDictionary.denaturalizeDataset({
    SpecificCharacterSet: 'ISO_IR 192',
    AccessionNumber: entry.AccessionNumber,
    ReferringPhysicianName: entry.ReferringPhysicianName,
    PatientName: entry.PatientName,
    PatientID: entry.PatientID,
    PatientBirthDate: entry.PatientBirthDate,
    PatientSex: entry.PatientSex,
    ...(entry.PatientAge ? { PatientAge: entry.PatientAge } : {}),
    StudyInstanceUID: entry.StudyInstanceUID,
    RequestedProcedureDescription: entry.RequestedProcedureDescription,
    RequestedProcedureID: entry.RequestedProcedureID,
    ScheduledProcedureStepSequence: [
      {
        Modality: step.Modality,
        ScheduledStationAETitle: step.ScheduledStationAETitle,
        ScheduledProcedureStepStartDate: step.ScheduledProcedureStepStartDate,
        ScheduledProcedureStepStartTime: step.ScheduledProcedureStepStartTime,
        ScheduledPerformingPhysicianName: step.ScheduledPerformingPhysicianName,
        ScheduledProcedureStepDescription: step.ScheduledProcedureStepDescription,
        ScheduledProcedureStepID: step.ScheduledProcedureStepID,
        ScheduledProcedureStepStatus: entry.Status === 'in_progress' ? 'STARTED' : 'SCHEDULED',
      },
    ],
  });
  return Buffer.from(file.write());
}

/** Writes `bytes` as the entry's file, atomically: a temporary name in the folder, then rename. */
export async function writeWorklistFile(dir: string, studyInstanceUid: string, bytes: Buffer): Promise<void> {
  const target = join(dir, worklistFileName(studyInstanceUid));
  const temporary = join(dir, `${TEMPORARY_PREFIX}${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(temporary, bytes, { mode: 0o640 });
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** Removes the entry's file; already gone is fine. */
export async function removeWorklistFile(dir: string, studyInstanceUid: string): Promise<void> {
  await unlink(join(dir, worklistFileName(studyInstanceUid))).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Brings one entry's file in line with its status: written while scheduled, gone otherwise. */
export async function syncWorklistFile(dir: string, entry: WorklistFileEntry): Promise<void> {
  if (entry.Status === 'none' || entry.Status === 'in_progress') await writeWorklistFile(dir, entry.StudyInstanceUID, worklistFile(entry));
  else await removeWorklistFile(dir, entry.StudyInstanceUID);
}

/**
 * Makes the folder hold exactly the files of `scheduled` (entries whose status is none or
 * in_progress): missing or different files are written, other `.wl` files and leftover temporary
 * files removed. Answers what it did.
 */
export async function reconcileWorklistFolder(
  dir: string,
  scheduled: readonly WorklistFileEntry[],
): Promise<{ written: number; removed: number }> {
  const wanted = new Map(scheduled.map((entry) => [worklistFileName(entry.StudyInstanceUID), entry] as const));
  let written = 0;
  let removed = 0;
  for (const name of await readdir(dir)) {
    if (wanted.has(name)) continue;
    const path = join(dir, name);
    // Another replica may be writing a temporary file right now: only old ones are leftovers.
    const temporary = name.startsWith(TEMPORARY_PREFIX) ? await stat(path).catch(() => null) : null;
    const leftover = temporary !== null && temporary.mtimeMs < Date.now() - 60_000;
    if (name.endsWith(SUFFIX) || leftover) {
      await unlink(path).catch(() => undefined);
      removed++;
    }
  }
  for (const [name, entry] of wanted) {
    const bytes = worklistFile(entry);
    const current = await readFile(join(dir, name)).catch(() => null);
    if (current?.equals(bytes)) continue;
    await writeWorklistFile(dir, entry.StudyInstanceUID, bytes);
    written++;
  }
  return { written, removed };
}
