/**
 * Sends DICOM files to the archive with dcmtk's storescu, as a modality would. storescu proposes
 * only uncompressed transfer syntaxes unless told otherwise, so files are grouped by their
 * transfer syntax and each group is sent with the matching proposal flag. One association per
 * group; `--no-halt` keeps going past a bad file, whose failure is reported.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dcmjs from 'dcmjs';
import { uuidUid } from '../../scripts/demo/generate-ct.ts';
import { spoolFolders } from '../../adapter/src/features/dicom-front/spool.ts';
import { internalTlsFiles } from '../../adapter/src/features/dicom-front/internal-tls.ts';
import type { Config } from '../../adapter/src/config.ts';

/** storescu's proposal flag for a compressed transfer syntax; uncompressed need none. */
const PROPOSE: Record<string, string> = {
  '1.2.840.10008.1.2.1.99': '-xd',
  '1.2.840.10008.1.2.4.50': '-xy',
  '1.2.840.10008.1.2.4.51': '-xx',
  '1.2.840.10008.1.2.4.57': '-xs',
  '1.2.840.10008.1.2.4.70': '-xs',
  '1.2.840.10008.1.2.4.80': '-xt',
  '1.2.840.10008.1.2.4.81': '-xu',
  '1.2.840.10008.1.2.4.90': '-xv',
  '1.2.840.10008.1.2.4.91': '-xw',
  '1.2.840.10008.1.2.5': '-xr',
};

/** The transfer syntax UID from a Part 10 file's meta header ('' when there is none). */
export function transferSyntaxOf(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const length = readSync(fd, head, 0, head.length, 0);
    if (length < 132 || head.toString('latin1', 128, 132) !== 'DICM') return '';
    // Group 2 is explicit VR little endian; walk it to (0002,0010).
    let at = 132;
    while (at + 8 <= length) {
      const group = head.readUInt16LE(at);
      const element = head.readUInt16LE(at + 2);
      if (group !== 2) return '';
      const vr = head.toString('latin1', at + 4, at + 6);
      const long = ['OB', 'OW', 'OF', 'SQ', 'UT', 'UN'].includes(vr);
      const size = long ? head.readUInt32LE(at + 8) : head.readUInt16LE(at + 6);
      const start = at + (long ? 12 : 8);
      if (element === 0x0010)
        return head
          .toString('latin1', start, start + size)
          .replace(/\0/g, '')
          .trim();
      at = start + size;
    }
    return '';
  } finally {
    closeSync(fd);
  }
}

export interface StoreResult {
  sent: number;
  failed: { file: string; reason: string }[];
}

type StoreTarget = { port: number; aet?: string; callingAet?: string; host?: string };

/** storescu's arguments for one group of files proposed with the same transfer syntax flag. */
function storescuArgs(flag: string, group: string[], target: StoreTarget): string[] {
  return [
    ...(flag ? [flag] : []),
    // Verbose: each file's answer status is printed (a refusal by status is silent otherwise).
    '-v',
    '--no-halt',
    '-aet',
    target.callingAet ?? 'STORESCU',
    '-aec',
    target.aet ?? 'PACS',
    target.host ?? '127.0.0.1',
    String(target.port),
    ...group,
  ];
}

/** The files grouped by the transfer syntax flag storescu must propose for them. */
function byProposal(files: string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const file of files) {
    const flag = PROPOSE[transferSyntaxOf(file)] ?? '';
    groups.set(flag, [...(groups.get(flag) ?? []), file]);
  }
  return groups;
}

/** Adds to `result` what storescu's error output says about each file of `group`. */
function readStoreOutput(group: string[], stderr: string, result: StoreResult): void {
  const lines = stderr.split('\n');
  const failedFiles = new Set<string>();
  let sending: string | undefined;
  for (const [index, line] of lines.entries()) {
    const match = /^E: (?:Store Failed, file|Bad DICOM file): (.+?):?$/.exec(line);
    if (match?.[1]) {
      failedFiles.add(match[1]);
      result.failed.push({ file: match[1], reason: (lines[index + 1] ?? '').replace(/^E:\s*/, '') });
    }
    sending = /^I: Sending file: (.+)$/.exec(line)?.[1] ?? sending;
    // An answer with a failure status (the front receiver's "Refused: out of resources" when the
    // licence's study limit is reached), which storescu does not count as an error.
    const answer = /^I: Received Store Response \((.+)\)/.exec(line)?.[1];
    if (answer && sending && !/^(Success|Warning)/.test(answer) && !failedFiles.has(sending)) {
      failedFiles.add(sending);
      result.failed.push({ file: sending, reason: answer });
    }
  }
  // storescu names a file it could not even parse only in a preceding error line.
  for (const file of group) {
    if (failedFiles.has(file)) continue;
    if (lines.some((line) => line.includes(file) && /^E:/.test(line))) {
      result.failed.push({ file, reason: 'unreadable file' });
      continue;
    }
    result.sent++;
  }
}

/**
 * What the archive must do after a send before a test may look for the files in Orthanc: with
 * the DICOM front receiver on, a C-STORE is acknowledged once the file is in the front's spool,
 * and the drain hands it to Orthanc a moment later (docs/decisions.md "A front receiver for
 * DICOM ingest"). startStack registers its wait here under its DICOM port; every send below
 * waits once, so no test waits on its own.
 */
const settlers = new Map<number, () => Promise<void>>();

/** Called by the stack harness: `settle` resolves once what was sent to `port` is in Orthanc. */
export function registerDicomReceiver(port: number, settle: () => Promise<void>): () => void {
  settlers.set(port, settle);
  return () => {
    if (settlers.get(port) === settle) settlers.delete(port);
  };
}

/**
 * Resolves once the front receiver's spool for `port` under `dataDir` holds no file waiting for
 * Orthanc (the drain deletes a file once Orthanc answered 200, or moves it to failed/).
 */
export async function spoolDrained(dataDir: string, port: number, timeoutMs = 60_000): Promise<void> {
  const { ready } = spoolFolders(dataDir, port);
  const waiting = () => (existsSync(ready) ? readdirSync(ready).filter((name) => name.endsWith('.dcm')) : []);
  const deadline = Date.now() + timeoutMs;
  while (waiting().length > 0) {
    if (Date.now() > deadline) throw new Error(`the DICOM front's spool did not drain: ${waiting().join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until what was sent to `port` is in Orthanc (at once when no front receiver listens there). */
export async function settled(port: number): Promise<void> {
  await settlers.get(port)?.();
}

/** Runs a dcmtk tool without blocking this process (the adapter may run in it): its exit status and error output. */
export function runTool(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<{ status: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr, stdout });
    });
  });
}

/** Sends the files by storescu, one association per transfer syntax, and waits until they are in Orthanc. */
export async function storeFiles(files: string[], target: StoreTarget): Promise<StoreResult> {
  const result: StoreResult = { sent: 0, failed: [] };
  for (const [flag, group] of byProposal(files)) {
    const run = await runTool('storescu', storescuArgs(flag, group, target));
    readStoreOutput(group, run.stderr, result);
  }
  await settled(target.port);
  return result;
}

/**
 * Sends uncompressed files by storescu without blocking the event loop (readers keep running in
 * the test meanwhile), with TCP_NODELAY=1 as a fast modality would (unless `noDelay` is false). Answers the files the archive
 * acknowledged and those it did not (refused, or never answered because the association died):
 * what a modality sends again. Unlike the other sends it does not wait for the front receiver's
 * spool to drain: its callers kill the receiver meanwhile, and wait themselves once it is back.
 */
export function sendFiles(
  files: readonly string[],
  target: { port: number; aet?: string; callingAet?: string },
  options: { noDelay?: boolean } = {},
): Promise<{ acknowledged: string[]; unacknowledged: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'storescu',
      [
        '-v',
        '--no-halt',
        '-aet',
        target.callingAet ?? 'STORESCU',
        '-aec',
        target.aet ?? 'PACS',
        '127.0.0.1',
        String(target.port),
        ...files,
      ],
      {
        env: { ...process.env, ...(options.noDelay === false ? {} : { TCP_NODELAY: '1' }) },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let output = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', () => {
      const acknowledged = new Set<string>();
      let current: string | undefined;
      for (const line of output.split('\n')) {
        const sending = /^I: Sending file: (.+)$/.exec(line);
        if (sending) current = sending[1];
        else if (current && /^I: Received Store Response \((Success|Warning)/.test(line)) acknowledged.add(current);
      }
      resolve({ acknowledged: [...acknowledged], unacknowledged: files.filter((file) => !acknowledged.has(file)) });
    });
  });
}

/**
 * Sends each list of files over its own association, all at once (modalities and routers open
 * several): one result per list. Files of one list must share a transfer syntax.
 */
export async function storeFilesInParallel(lists: string[][], target: StoreTarget): Promise<StoreResult[]> {
  const results = await Promise.all(
    lists.map(async (files) => {
      const result: StoreResult = { sent: 0, failed: [] };
      const [[flag, group]] = [...byProposal(files)] as [[string, string[]]];
      if (group.length !== files.length) throw new Error('storeFilesInParallel: one transfer syntax per list');
      const child = spawn('storescu', storescuArgs(flag, group, target), { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      await new Promise<void>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', () => resolve());
      });
      readStoreOutput(group, stderr, result);
      return result;
    }),
  );
  await settled(target.port);
  return results;
}

/** Orthanc's own counts, read over its REST API (the oracle for what the index must hold). */
export async function orthancStatistics(config: { orthanc: { url: string; user: string; password: string } }): Promise<{
  CountStudies: number;
  CountSeries: number;
  CountInstances: number;
}> {
  const { url, user, password } = config.orthanc;
  const response = await fetch(`${url}/statistics`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
  });
  return (await response.json()) as { CountStudies: number; CountSeries: number; CountInstances: number };
}

export interface TinyStudy {
  /** Seed for the study's, series' and instance's UIDs: the same seed gives the same UIDs. */
  seed: string;
  patientName: string;
  patientId: string;
  modality?: string;
  institutionName?: string;
  referringPhysicianName?: string;
  studyDate?: string;
  studyTime?: string;
  accessionNumber?: string;
  studyDescription?: string;
  sex?: string;
  /** BodyPartExamined; absent when not given. */
  bodyPart?: string;
}

const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';

/** A one-image study (16×16, 8-bit) as a Part 10 file, for tests and benchmarks that need many. */
export function tinyStudy(study: TinyStudy): Buffer {
  const { DicomDict, DicomMetaDictionary } = dcmjs.data;
  const sop = uuidUid(study.seed, 'instance');
  const dict = new DicomDict(
    DicomMetaDictionary.denaturalizeDataset({
      FileMetaInformationVersion: Uint8Array.of(0, 1).buffer,
      MediaStorageSOPClassUID: SECONDARY_CAPTURE,
      MediaStorageSOPInstanceUID: sop,
      TransferSyntaxUID: '1.2.840.10008.1.2.1',
      ImplementationClassUID: uuidUid('pacs-tests', 'implementation'),
    }),
  );
  dict.dict = DicomMetaDictionary.denaturalizeDataset({
    SpecificCharacterSet: 'ISO_IR 192',
    SOPClassUID: SECONDARY_CAPTURE,
    SOPInstanceUID: sop,
    StudyDate: study.studyDate ?? '20240102',
    StudyTime: study.studyTime ?? '101500',
    AccessionNumber: study.accessionNumber ?? '',
    Modality: study.modality ?? 'OT',
    InstitutionName: study.institutionName ?? '',
    ReferringPhysicianName: study.referringPhysicianName ?? '',
    PatientName: study.patientName,
    PatientID: study.patientId,
    PatientBirthDate: '19600101',
    PatientSex: study.sex ?? 'O',
    StudyDescription: study.studyDescription ?? '',
    ...(study.bodyPart ? { BodyPartExamined: study.bodyPart } : {}),
    StudyInstanceUID: uuidUid(study.seed, 'study'),
    SeriesInstanceUID: uuidUid(study.seed, 'series'),
    StudyID: '1',
    SeriesNumber: 1,
    InstanceNumber: 1,
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: 16,
    Columns: 16,
    BitsAllocated: 8,
    BitsStored: 8,
    HighBit: 7,
    PixelRepresentation: 0,
    PixelData: [new Uint8Array(256).fill(128).buffer],
    _vrMap: { PixelData: 'OB' },
  });
  return Buffer.from(dict.write());
}

/** The UIDs tinyStudy gives a seed. */
/**
 * A tiny study's file moved into another study (its StudyInstanceUID replaced): how a test builds
 * a study with series of several modalities.
 */
export function tinyStudyInto(study: TinyStudy, studyInstanceUid: string): Buffer {
  const { DicomMessage, DicomMetaDictionary } = dcmjs.data;
  const dict = DicomMessage.readFile(new Uint8Array(tinyStudy(study)).buffer);
  const dataset = DicomMetaDictionary.naturalizeDataset(dict.dict);
  dataset.StudyInstanceUID = studyInstanceUid;
  dict.dict = DicomMetaDictionary.denaturalizeDataset(dataset);
  return Buffer.from(dict.write());
}

/** A tiny instance with the UIDs, numbers and patient given: benchmarks fill archives of any shape with these. */
export function tinyInstance(place: {
  patientId: string;
  patientName: string;
  studyUid: string;
  seriesUid: string;
  sopUid: string;
  seriesNumber: number;
  instanceNumber: number;
}): Buffer {
  const { DicomMessage, DicomMetaDictionary } = dcmjs.data;
  const dict = DicomMessage.readFile(new Uint8Array(tinyStudy({ seed: 'tiny-instance', patientName: 'x', patientId: 'x' })).buffer);
  const meta = DicomMetaDictionary.naturalizeDataset(dict.meta);
  meta.MediaStorageSOPInstanceUID = place.sopUid;
  dict.meta = DicomMetaDictionary.denaturalizeDataset(meta);
  const dataset = DicomMetaDictionary.naturalizeDataset(dict.dict);
  Object.assign(dataset, {
    PatientID: place.patientId,
    PatientName: place.patientName,
    StudyInstanceUID: place.studyUid,
    SeriesInstanceUID: place.seriesUid,
    SOPInstanceUID: place.sopUid,
    SeriesNumber: place.seriesNumber,
    InstanceNumber: place.instanceNumber,
  });
  dict.dict = DicomMetaDictionary.denaturalizeDataset(dataset);
  return Buffer.from(dict.write());
}

export function tinyStudyUids(seed: string): { study: string; series: string; instance: string } {
  return { study: uuidUid(seed, 'study'), series: uuidUid(seed, 'series'), instance: uuidUid(seed, 'instance') };
}

export interface WorklistAnswer {
  /** The answer's dataset, naturalized by dcmjs. */
  dataset: Record<string, unknown>;
  /** The answer file's bytes (for byte-for-byte checks of encoded names). */
  bytes: Buffer;
}

/**
 * A modality's worklist query: dcmtk's `findscu -W` as `callingAet`, with `keys` as its `-k`
 * arguments (`PatientName`, `ScheduledProcedureStepSequence[0].Modality=CT`, ...). Answers what
 * came back (each answer extracted to a file with `-X` and read back), and whether findscu itself
 * succeeded (a refused association fails it).
 */
export async function findWorklist(
  target: { port: number; aet?: string; host?: string },
  callingAet: string,
  keys: readonly string[],
): Promise<{ ok: boolean; answers: WorklistAnswer[]; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-findscu-'));
  try {
    const args = ['-W', '-X', '-od', dir, '-aet', callingAet, '-aec', target.aet ?? 'PACS'];
    for (const key of keys) args.push('-k', key);
    args.push(target.host ?? '127.0.0.1', String(target.port));
    const run = await runTool('findscu', args, { env: { ...process.env, TCP_NODELAY: '1' }, timeoutMs: 30_000 });
    const answers = readdirSync(dir)
      .filter((name) => name.startsWith('rsp'))
      .sort()
      .map((name) => {
        const bytes = readFileSync(join(dir, name));
        const dict = dcmjs.data.DicomMessage.readFile(new Uint8Array(bytes).buffer);
        return { bytes, dataset: dcmjs.data.DicomMetaDictionary.naturalizeDataset(dict.dict) as Record<string, unknown> };
      });
    return { ok: run.status === 0, answers, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A study-level C-FIND as `callingAet` (dcmtk's `findscu -S`), asking every study's UID, with
 * `tls` as findscu's TLS options: its exit status and output, without blocking this process.
 */
export function findStudies(
  target: { port: number; aet?: string; host?: string },
  callingAet: string,
  tls: readonly string[] = [],
): Promise<{ status: number | null; stderr: string; stdout: string }> {
  const args = [...tls, '-S', '-aet', callingAet, '-aec', target.aet ?? 'PACS'];
  args.push('-k', 'QueryRetrieveLevel=STUDY', '-k', 'StudyInstanceUID', target.host ?? '127.0.0.1', String(target.port));
  return runTool('findscu', args, { env: { ...process.env, TCP_NODELAY: '1' }, timeoutMs: 30_000 });
}

/**
 * dcmtk's options to reach Orthanc's own DICOM port (orthancDicomPort): behind the front it takes
 * TLS with the product's internal pair only (features/dicom-front/internal-tls.ts), which these
 * present and pin, as the front does; with the front off it is plain.
 */
export function orthancPortTls(config: Pick<Config, 'dicomFront'>): string[] {
  if (!config.dicomFront.enabled) return [];
  const files = internalTlsFiles(config.dicomFront.tlsDir);
  return ['+tls', files.keyFile, files.certFile, '+cf', files.certFile];
}
