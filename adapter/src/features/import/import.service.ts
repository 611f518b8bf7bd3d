/**
 * Import from the browser: each uploaded file is recognised by its content and handed to Orthanc
 * (DICOM files one by one; zip archives whole, which Orthanc unpacks). Every file gets its own
 * result; one bad file never stops the others. Files are processed one after another, so memory
 * holds at most the file being stored plus what is still arriving.
 */
import type { Request } from 'express';
import busboy from 'busboy';
import { detectFileKind, IMPORT_MESSAGES, FILE_TYPE_PROBE_BYTES } from '@pacs/common';
import type { Deps } from '../../deps.ts';
import type { Auth } from '../../access/auth.ts';
import { visibleStudies } from '../../access/visibility.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';

/** Largest single file accepted (a zip of a whole CT study fits). */
export const IMPORT_MAX_FILE_BYTES = 2 * 1024 ** 3;

export interface ImportResult {
  File: string;
  Status: 'Success' | 'AlreadyStored' | 'Failed';
  Message?: string;
  /** DICOM instances stored from this file (a zip holds many). */
  Instances: number;
  StudyInstanceUIDs: string[];
}

export interface ImportSummary {
  Files: ImportResult[];
  Stored: number;
  Failed: number;
}

interface OrthancStoreAnswer {
  ID: string;
  ParentStudy: string;
  Status: string;
}

async function studyUid(deps: Deps, orthancStudyId: string): Promise<string> {
  const study = await deps.orthanc.getStudy(orthancStudyId);
  return study.MainDicomTags.StudyInstanceUID ?? '';
}

export async function storeOne(deps: Deps, name: string, body: Buffer): Promise<ImportResult> {
  const failed = (message: string): ImportResult => ({
    File: name,
    Status: 'Failed',
    Message: message,
    Instances: 0,
    StudyInstanceUIDs: [],
  });
  const kind = detectFileKind(body.subarray(0, FILE_TYPE_PROBE_BYTES));
  if (kind === 'png' || kind === 'jpeg' || kind === 'bmp' || kind === 'pdf') return failed(IMPORT_MESSAGES.not_supported);
  // 'unknown' still goes to Orthanc: old writers produce DICOM datasets without the preamble and
  // DICM marker, which Orthanc reads; what it refuses is then "not a DICOM file".

  const response = await deps.orthanc.request('/instances', {
    method: 'POST',
    body,
    headers: { 'content-type': kind === 'zip' ? 'application/zip' : 'application/dicom' },
    timeoutMs: 300_000,
  });
  if (!response.ok) {
    await response.arrayBuffer();
    if (kind === 'zip') return failed(IMPORT_MESSAGES.not_supported);
    return failed(kind === 'dicom' ? IMPORT_MESSAGES.broken : IMPORT_MESSAGES.not_dicom);
  }
  const answer = (await response.json()) as OrthancStoreAnswer | OrthancStoreAnswer[];
  const stored = Array.isArray(answer) ? answer : [answer];
  if (stored.length === 0) return failed(IMPORT_MESSAGES.not_dicom);
  const studies = [...new Set(stored.map((item) => item.ParentStudy))];
  const uids = (await Promise.all(studies.map((id) => studyUid(deps, id).catch(() => '')))).filter(Boolean);
  const allKnown = stored.every((item) => item.Status === 'AlreadyStored');
  return { File: name, Status: allKnown ? 'AlreadyStored' : 'Success', Instances: stored.length, StudyInstanceUIDs: uids };
}

/**
 * Import results name studies too, so they go through the visibility module like every other
 * answer: once the index has the stored studies (it follows Orthanc within about a second; up to
 * 5 s are waited for), only those the caller may see are named. A study the caller may not see is
 * still reported as stored, without its UID.
 */
async function onlyVisible(deps: Deps, auth: Auth, summary: ImportSummary): Promise<ImportSummary> {
  const uids = [...new Set(summary.Files.flatMap((file) => file.StudyInstanceUIDs))];
  if (uids.length === 0) return summary;
  const visible = visibleStudies(auth, 2);
  let allowed = new Set<string>();
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await deps.db.query<{ uid: string; seen: boolean }>(
      `select st.study_instance_uid as uid, (${visible.sql}) as seen from studies st where st.study_instance_uid = any($1)`,
      [uids, ...visible.params],
    );
    allowed = new Set(rows.filter((row) => row.seen).map((row) => row.uid));
    if (rows.length === uids.length) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    ...summary,
    Files: summary.Files.map((file) => ({ ...file, StudyInstanceUIDs: file.StudyInstanceUIDs.filter((uid) => allowed.has(uid)) })),
  };
}

/** Reads a multipart upload, stores each file part in order, answers what the caller may see. */
export async function importUpload(deps: Deps, auth: Auth, req: Request): Promise<ImportSummary> {
  return onlyVisible(deps, auth, await storeUpload(deps, req));
}

function storeUpload(deps: Deps, req: Request): Promise<ImportSummary> {
  const type = req.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) throw new AppError('bad_request');

  return new Promise<ImportSummary>((resolve, reject) => {
    const results: ImportResult[] = [];
    let queue: Promise<void> = Promise.resolve();
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        preservePath: true,
        limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 100_000, fields: 100 },
      });
    } catch {
      throw new AppError('bad_request');
    }

    parser.on('file', (_field, stream, info) => {
      // Folders arrive with their relative path as the file name; it is only ever a label.
      const name = info.filename || 'unnamed';
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('close', () => {
        const truncated = stream.truncated;
        const body = Buffer.concat(chunks);
        chunks.length = 0;
        queue = queue.then(async () => {
          if (truncated) {
            results.push({ File: name, Status: 'Failed', Message: IMPORT_MESSAGES.too_large, Instances: 0, StudyInstanceUIDs: [] });
            return;
          }
          try {
            results.push(await storeOne(deps, name, body));
          } catch (error) {
            // Orthanc unreachable: no later file can be stored either.
            if (error instanceof AppError && error.code === 'orthanc_unavailable') throw error;
            log.warn(`Import of ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
            results.push({ File: name, Status: 'Failed', Message: IMPORT_MESSAGES.broken, Instances: 0, StudyInstanceUIDs: [] });
          }
        });
      });
    });
    parser.on('error', () => reject(new AppError('bad_request')));
    parser.on('close', () => {
      queue.then(
        () =>
          resolve({
            Files: results,
            Stored: results.filter((result) => result.Status !== 'Failed').length,
            Failed: results.filter((result) => result.Status === 'Failed').length,
          }),
        reject,
      );
    });
    req.pipe(parser);
  });
}
