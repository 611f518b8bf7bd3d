/**
 * Import from the browser: each uploaded file is recognised by its content, checked, and handed
 * to Orthanc; zip archives are unpacked here, entry by entry, and each entry is treated like an
 * uploaded file. Every file gets its own result; one bad file never stops the others.
 *
 * Memory stays bounded whatever the sizes: each file part is spooled to a private temporary
 * folder under the data folder (removed when the request ends, whatever happened), its header is
 * read from there, and it is streamed to Orthanc with its length. Files are handled one after
 * another; the upload waits on the socket meanwhile (see http/multipart.ts).
 *
 * Access (ARCHITECTURE "Access is decided by what exists"): before a file is stored, its
 * StudyInstanceUID is read. If a study with that UID already exists (in the index, or in Orthanc
 * while the index catches up) and the caller cannot see it, the file is refused and never reaches
 * Orthanc: appending to a study, or overwriting one of its instances (OverwriteInstances), must not
 * be a way into a study outside the caller's scope. Into a study the caller can see, a file is
 * stored only when the caller would also see its series (visibility's series rule): an MR-only
 * user may neither replace the CT images of a CT+MR study nor add a series of another modality,
 * which would open the study to users limited to that modality.
 */
import { rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { basename, join } from 'node:path';
import type { Request } from 'express';
import { detectFileKind, ERRORS, IMPORT_MESSAGES, FILE_TYPE_PROBE_BYTES, type FileKind, type ImportSampleList } from '@pacs/common';
import type { Deps } from '../../deps.ts';
import type { Auth } from '../../access/auth.ts';
import * as sql from './import.sql.ts';
import { AppError } from '../../http/errors.ts';
import { invalid } from '../../http/input.ts';
import { readMultipart, spoolPart } from '../../http/multipart.ts';
import { withUploadDir } from '../../http/upload-dirs.ts';
import { log } from '../../log.ts';
import { forEachZipEntry } from './archive.ts';
import { readFileIdentity, readHead, type FileIdentity } from './study-uid.ts';
import { readConfigs } from '../configs/configs.service.ts';
import { newStudyAccepted } from '../licence/licence.service.ts';
import { sampleById, sampleFiles, sampleItems } from './samples.ts';

export interface ImportResult {
  File: string;
  Status: 'Success' | 'AlreadyStored' | 'Failed';
  Message?: string;
  /** DICOM instances stored from this file. */
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

/** What one import request carries from file to file. */
interface ImportContext {
  deps: Deps;
  auth: Auth;
  /** The request's private temporary folder. */
  dir: string;
  results: ImportResult[];
  /** Studies this request created: later files of the same study need not wait for the index. */
  created: Set<string>;
  /** For unique temporary file names. */
  counter: number;
}

const failed = (name: string, message: string): ImportResult => ({
  File: name,
  Status: 'Failed',
  Message: message,
  Instances: 0,
  StudyInstanceUIDs: [],
});

/** How long a study that Orthanc holds but the index does not yet is waited for. */
const INDEX_WAIT_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * May the caller add to the study with this UID? `new` when no such study exists yet; `yes` when
 * every copy the index holds is visible to the caller; otherwise `no`. A study Orthanc already
 * holds but the index does not show yet is waited for; if it does not appear: `no` (fail closed).
 */
async function mayAddTo(ctx: ImportContext, uid: string): Promise<'new' | 'yes' | 'no'> {
  if (ctx.created.has(uid)) return 'yes';
  const indexed = () => sql.studyCopiesSeen(ctx.deps.db, ctx.auth, uid);
  const decide = (rows: boolean[]) => (rows.length > 0 && rows.every(Boolean) ? 'yes' : 'no');
  let rows = await indexed();
  if (rows.length > 0) return decide(rows);
  const inOrthanc = (await ctx.deps.orthanc.lookup(uid)).some((resource) => resource.Type === 'Study');
  if (!inOrthanc) return 'new';
  const deadline = Date.now() + INDEX_WAIT_MS;
  while (rows.length === 0 && Date.now() < deadline) {
    await sleep(100);
    rows = await indexed();
  }
  return decide(rows);
}

/**
 * Into an existing study the caller can see: would the caller see the file's series? Its series as
 * indexed (every copy), and a series of the file's modality in that study, must both be visible.
 */
async function maySeeSeries(ctx: ImportContext, file: FileIdentity): Promise<boolean> {
  // Asked even of a caller who sees everything: a series in the recycle bin takes no new files.
  const visible = sql.seriesPredicate(ctx.auth);
  const held = await sql.seriesCopiesSeen(ctx.deps.db, visible, file.study, file.series);
  if (held.some((seen) => !seen)) return false;
  return (await sql.newSeriesSeen(ctx.deps.db, visible, file.study, file.modality)).every(Boolean);
}

/** Stores one file (spooled at `path`) that is not an archive. */
async function storeFile(ctx: ImportContext, name: string, path: string, size: number, kind: FileKind): Promise<ImportResult> {
  if (kind === 'png' || kind === 'jpeg' || kind === 'bmp' || kind === 'pdf' || kind === 'zip')
    return failed(name, IMPORT_MESSAGES.not_supported);
  // 'unknown' may still be DICOM: old writers produce datasets without the preamble and DICM
  // marker, which the raw reader (and Orthanc) read.
  const identity = await readFileIdentity(path, size);
  if (!identity) return failed(name, kind === 'dicom' ? IMPORT_MESSAGES.broken : IMPORT_MESSAGES.not_dicom);
  const uid = identity.study;
  const access = await mayAddTo(ctx, uid);
  if (access === 'no' || (access === 'yes' && !ctx.created.has(uid) && !(await maySeeSeries(ctx, identity))))
    return failed(name, IMPORT_MESSAGES.outside_scope);
  // The licence's study limit: a new study is refused, more files of a held one are not.
  if (access === 'new' && !(await newStudyAccepted(ctx.deps, ctx.created))) return failed(name, ERRORS.study_limit.message);

  const response = await ctx.deps.orthanc.request('/instances', {
    method: 'POST',
    upload: { stream: createReadStream(path), length: size },
    headers: { 'content-type': 'application/dicom' },
    timeoutMs: 300_000,
  });
  if (!response.ok) {
    await response.arrayBuffer();
    return failed(name, kind === 'dicom' ? IMPORT_MESSAGES.broken : IMPORT_MESSAGES.not_dicom);
  }
  const answer = (await response.json()) as OrthancStoreAnswer;
  if (access === 'new') ctx.created.add(uid);
  return {
    File: name,
    Status: answer.Status === 'AlreadyStored' ? 'AlreadyStored' : 'Success',
    Instances: 1,
    StudyInstanceUIDs: [uid],
  };
}

/** Each entry of a zip archive is imported like an uploaded file named `archive/entry`. */
async function storeArchive(ctx: ImportContext, name: string, path: string): Promise<void> {
  const limits = ctx.deps.config.import;
  let entries = 0;
  let unpacked = 0;
  const stop = new Error('archive limit');
  try {
    await forEachZipEntry(path, async (entry) => {
      const entryName = `${name}/${entry.path}`;
      // Resource forks that macOS adds to archives are not files of the study.
      if (entry.path.startsWith('__MACOSX/')) return;
      entries++;
      unpacked += entry.size;
      if (entries > limits.zipEntries || unpacked > limits.zipBytes) throw stop;
      if (entry.size > limits.fileBytes) return void ctx.results.push(failed(entryName, IMPORT_MESSAGES.too_large));
      if (entry.unsupported) return void ctx.results.push(failed(entryName, IMPORT_MESSAGES.not_supported));
      const entryPath = join(ctx.dir, `${ctx.counter++}`);
      try {
        let size: number;
        try {
          size = await spoolPart(await entry.open(), entryPath);
        } catch {
          return void ctx.results.push(failed(entryName, IMPORT_MESSAGES.broken));
        }
        const kind = detectFileKind(await readHead(entryPath, FILE_TYPE_PROBE_BYTES));
        ctx.results.push(await storeGuarded(ctx, entryName, () => storeFile(ctx, entryName, entryPath, size, kind)));
      } finally {
        await rm(entryPath, { force: true });
      }
    });
  } catch (error) {
    if (error === stop) ctx.results.push(failed(name, IMPORT_MESSAGES.too_large));
    else if (error instanceof AppError) throw error;
    else ctx.results.push(failed(name, IMPORT_MESSAGES.not_supported));
  }
}

/** One file's failure is that file's result, except when Orthanc is gone: then nothing can be stored. */
async function storeGuarded(ctx: ImportContext, name: string, store: () => Promise<ImportResult>): Promise<ImportResult> {
  try {
    return await store();
  } catch (error) {
    if (error instanceof AppError && error.code === 'orthanc_unavailable') throw error;
    log.warn(`Import of ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return failed(name, IMPORT_MESSAGES.broken);
  }
}

/**
 * Import results name studies too, so they go through the visibility module like every other
 * answer: once the index has the stored studies (it follows Orthanc within about a second; up to
 * 5 s are waited for), only those the caller may see are named. A study the caller may not see is
 * still reported as stored (a new study the caller created outside its own scope), without its UID.
 */
async function onlyVisible(deps: Deps, auth: Auth, summary: ImportSummary): Promise<ImportSummary> {
  const uids = [...new Set(summary.Files.flatMap((file) => file.StudyInstanceUIDs))];
  if (uids.length === 0) return summary;
  let allowed = new Set<string>();
  for (let attempt = 0; attempt < 50; attempt++) {
    const rows = await sql.studiesSeen(deps.db, auth, uids);
    allowed = new Set(rows.filter((row) => row.seen).map((row) => row.uid));
    // Twins (one UID under several PatientIDs) give several rows for one UID.
    if (new Set(rows.map((row) => row.uid)).size === uids.length) break;
    await sleep(100);
  }
  return {
    ...summary,
    Files: summary.Files.map((file) => ({ ...file, StudyInstanceUIDs: file.StudyInstanceUIDs.filter((uid) => allowed.has(uid)) })),
  };
}

/** Reads a multipart upload, stores each file part in order, answers what the caller may see. */
export async function importUpload(deps: Deps, auth: Auth, req: Request): Promise<ImportSummary> {
  const limits = deps.config.import;
  const results = await withUploadDir(deps.config.dataDir, async (dir) => {
    const ctx: ImportContext = { deps, auth, dir, results: [], created: new Set(), counter: 0 };
    await readMultipart(
      req,
      { fileBytes: limits.fileBytes, requestBytes: limits.requestBytes, files: 100_000, fields: 100 },
      async (part) => {
        const name = part.filename;
        const path = join(dir, `${ctx.counter++}`);
        try {
          const size = await spoolPart(part.stream, path);
          if (part.truncated) return void ctx.results.push(failed(name, IMPORT_MESSAGES.too_large));
          const kind = detectFileKind(await readHead(path, FILE_TYPE_PROBE_BYTES));
          if (kind === 'zip') await storeArchive(ctx, name, path);
          else ctx.results.push(await storeGuarded(ctx, name, () => storeFile(ctx, name, path, size, kind)));
        } finally {
          await rm(path, { force: true });
        }
      },
    );
    return ctx.results;
  });
  return onlyVisible(deps, auth, summaryOf(results));
}

function summaryOf(results: ImportResult[]): ImportSummary {
  return {
    Files: results,
    Stored: results.filter((result) => result.Status !== 'Failed').length,
    Failed: results.filter((result) => result.Status === 'Failed').length,
  };
}

/** Import sample exists unless the site hid it (configs is_invisible_import_sample, admin/general/option). */
async function requireSamplesOffered(deps: Deps): Promise<void> {
  if ((await readConfigs(deps.db)).is_invisible_import_sample === true) throw new AppError('forbidden');
}

/** `GET /import/samples`: the sample studies Import sample offers. */
export async function listImportSamples(deps: Deps): Promise<ImportSampleList> {
  await requireSamplesOffered(deps);
  return { Items: sampleItems() };
}

/**
 * `POST /import/sample`: one sample study's files (generated on first use, samples.ts) stored one
 * by one through storeFile, the browser upload's own path: the same visibility, series and study
 * limit checks, the same per-file results.
 */
export async function importSample(deps: Deps, auth: Auth, id: string): Promise<ImportSummary> {
  await requireSamplesOffered(deps);
  const sample = sampleById(id);
  if (!sample) throw invalid('Id');
  const files = await sampleFiles(deps.config.dataDir, sample);
  const results = await withUploadDir(deps.config.dataDir, async (dir) => {
    const ctx: ImportContext = { deps, auth, dir, results: [], created: new Set(), counter: 0 };
    for (const path of files) {
      const name = `${sample.Id}/${basename(path)}`;
      const { size } = await stat(path);
      const kind = detectFileKind(await readHead(path, FILE_TYPE_PROBE_BYTES));
      ctx.results.push(await storeGuarded(ctx, name, () => storeFile(ctx, name, path, size, kind)));
    }
    return ctx.results;
  });
  return onlyVisible(deps, auth, summaryOf(results));
}
