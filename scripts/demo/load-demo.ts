/**
 * `npm run demo`: loads the demo set into the archive by real C-STORE, as a modality would.
 *
 *   npx tsx scripts/demo/load-demo.ts [--host localhost] [--port $DICOM_PORT or 4242]
 *     [--aet $DICOM_AET or PACS] [--calling-aet DEMO] [--slices 240] [--pydicom-data DIR]
 *
 * Sends, each with DCMTK's storescu, one association after another:
 * 1. pydicom's test_files: many transfer syntaxes and SOP classes; a few are broken on purpose
 *    (truncated, no SOP Class, invalid VRs) and are reported as refused;
 * 2. pydicom's charset_files: patient names in Japanese, Korean, Chinese, Arabic, Hebrew, Greek,
 *    Russian and Latin-1 (docs/demo.md lists them);
 * 3. a synthetic chest CT (generate-ct.ts), cached under DATA_DIR/demo/ so reruns skip it.
 * Prints what was stored, refused (with storescu's reason) and skipped (datasets without SOP
 * UIDs, which no archive can store). Exits with 1 when a charset or CT file was refused, or the
 * archive could not be reached.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readRawElements } from '../../adapter/src/dicom/raw.ts';
import { generateCt } from './generate-ct.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_PYDICOM_DATA = '/usr/lib/python3/dist-packages/pydicom/data';
/** Files per storescu call: keeps its argument list and each association short. */
const BATCH = 50;
const CT_SEED = 'pacs-demo-ct-1';

/**
 * storescu proposes uncompressed transfer syntaxes unless told otherwise and cannot decompress
 * JPEG 2000 or JPEG-LS itself, so compressed files are sent in groups that propose their own.
 */
const PROPOSE_FLAG: Record<string, string> = {
  '1.2.840.10008.1.2.4.50': '-xy', // JPEG baseline
  '1.2.840.10008.1.2.4.51': '-xx', // JPEG extended
  '1.2.840.10008.1.2.4.70': '-xs', // JPEG lossless, first-order prediction
  '1.2.840.10008.1.2.4.80': '-xt', // JPEG-LS lossless
  '1.2.840.10008.1.2.4.81': '-xu', // JPEG-LS near-lossless
  '1.2.840.10008.1.2.4.90': '-xv', // JPEG 2000 lossless
  '1.2.840.10008.1.2.4.91': '-xw', // JPEG 2000
  '1.2.840.10008.1.2.5': '-xr', // RLE
  '1.2.840.10008.1.2.1.99': '-xd', // deflated
};

interface Target {
  host: string;
  port: number;
  aet: string;
  callingAet: string;
}

interface Outcome {
  file: string;
  stored: boolean;
  /** Not sent at all: a test fragment that no archive could store. */
  skipped?: boolean;
  /** Why it was refused or skipped, or the warning it was stored with. */
  note?: string;
}

interface Group {
  title: string;
  files: string[];
  /** Whether a refusal here is a failure of the demo (not an expected broken sample). */
  mustStore: boolean;
}

function parseOptions(): Target & { slices: number; pydicomData: string } {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: 'localhost' },
      port: { type: 'string', default: process.env.DICOM_PORT ?? '4242' },
      aet: { type: 'string', default: process.env.DICOM_AET ?? 'PACS' },
      'calling-aet': { type: 'string', default: 'DEMO' },
      slices: { type: 'string', default: '240' },
      'pydicom-data': { type: 'string', default: process.env.PYDICOM_DATA ?? DEFAULT_PYDICOM_DATA },
    },
  });
  const port = Number(values.port);
  const slices = Number(values.slices);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a TCP port, not ${values.port}`);
  if (!Number.isInteger(slices) || slices < 1) throw new Error(`--slices must be a positive integer, not ${values.slices}`);
  return { host: values.host, port, aet: values.aet, callingAet: values['calling-aet'], slices, pydicomData: values['pydicom-data'] };
}

function dicomFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.dcm'))
    .sort()
    .map((name) => join(dir, name));
}

/** The CT series from the cache, generated first if missing or incomplete. */
function demoCt(slices: number): string[] {
  const dataDir = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : join(repoRoot, '.data');
  const out = join(dataDir, 'demo', `ct-${slices}`);
  const manifest = join(out, 'manifest.json');
  if (existsSync(manifest)) {
    const files = (JSON.parse(readFileSync(manifest, 'utf8')) as { files: string[] }).files.map((name) => join(out, name));
    if (files.length === slices && files.every((file) => existsSync(file))) {
      console.log(`CT: ${slices} slices from the cache in ${out}`);
      return files;
    }
  }
  console.log(`CT: generating ${slices} slices into ${out} …`);
  const result = generateCt({ out, slices, studyUidSeed: CT_SEED });
  writeFileSync(
    manifest,
    JSON.stringify({ studyInstanceUid: result.studyInstanceUid, files: result.files.map((file) => basename(file)) }, null, 2),
  );
  console.log(`CT: ${slices} slices in ${result.seconds.toFixed(1)} s (${(slices / result.seconds).toFixed(0)} slices/s)`);
  return result.files;
}

function uidText(value: Uint8Array | undefined): string | undefined {
  return (
    value &&
    Buffer.from(value)
      .toString('latin1')
      .replace(/[\0 ]+$/u, '')
  );
}

/** The file's transfer syntax, and whether it carries the UIDs every stored instance needs. */
function inspect(file: string): { uid: string | undefined; identified: boolean } {
  const found = readRawElements(new Uint8Array(readFileSync(file)), ['0002,0010', '0008,0016', '0008,0018']);
  return { uid: uidText(found.get('0002,0010')), identified: found.has('0008,0016') && found.has('0008,0018') };
}

/** Distinct SOP Instance UIDs: the archive keeps one instance per UID, and samples share some. */
function distinctInstances(files: readonly string[]): number {
  return new Set(files.map((file) => uidText(readRawElements(new Uint8Array(readFileSync(file)), ['0008,0018']).get('0008,0018')))).size;
}

/** Reads storescu's verbose log: one outcome per file it was given. */
function parseStorescuLog(log: string, files: readonly string[], exitCode: number | null): Outcome[] {
  const outcomes = new Map<string, Outcome>();
  let current: string | undefined;
  let lastError: string | undefined;
  let conversion: string | undefined;
  let storeFailed: string | undefined;
  for (const line of log.split('\n')) {
    const text = line.trimEnd();
    let match: RegExpExecArray | null;
    if ((match = /^W: missing SOP class \(or instance\) in file: (.*), ignoring file$/u.exec(text))) {
      const why = lastError ? `unreadable for storescu: ${lastError}` : 'storescu found no SOP Class/Instance UID it could read';
      outcomes.set(match[1] ?? '', { file: match[1] ?? '', stored: false, note: why });
      lastError = undefined;
    } else if ((match = /^I: Sending file: (.*)$/u.exec(text))) {
      current = match[1];
      lastError = conversion = storeFailed = undefined;
    } else if ((match = /^I: Received Store Response \((.*)\)$/u.exec(text)) && current) {
      const status = match[1] ?? '';
      const stored = /^(Success|Warning)/u.test(status);
      outcomes.set(current, { file: current, stored, note: status.startsWith('Success') ? undefined : status });
    } else if ((match = /^E: Bad DICOM file: (.*?): (.*)$/u.exec(text))) {
      outcomes.set(match[1] ?? '', {
        file: match[1] ?? '',
        stored: false,
        note: `unreadable: ${match[2]}${lastError ? ` (${lastError})` : ''}`,
      });
    } else if ((match = /^E: No presentation context for: (.*)$/u.exec(text)) && current) {
      outcomes.set(current, { file: current, stored: false, note: `the archive accepted no presentation context for ${match[1]}` });
    } else if ((match = /unable to convert dataset from '(.*)' transfer syntax to '(.*)'/u.exec(text))) {
      conversion = `storescu cannot convert ${match[1]} to ${match[2]}`;
    } else if ((match = /^E: Store Failed, file: (.*):$/u.exec(text))) {
      storeFailed = match[1];
    } else if (text.startsWith('E: ')) {
      if (storeFailed) {
        outcomes.set(storeFailed, { file: storeFailed, stored: false, note: conversion ?? text.slice(3) });
        storeFailed = undefined;
      } else {
        lastError = text.slice(3);
      }
    }
  }
  return files.map(
    (file) =>
      outcomes.get(file) ?? {
        file,
        stored: false,
        note: `no answer from storescu (exit code ${exitCode ?? 'none'}${lastError ? `: ${lastError}` : ''})`,
      },
  );
}

function storescu(target: Target, files: readonly string[], extra: readonly string[]): Outcome[] {
  const args = [
    '-v',
    '-nh',
    '-R',
    '-to',
    '20',
    '-ta',
    '20',
    '-td',
    '120',
    '-aet',
    target.callingAet,
    '-aec',
    target.aet,
    ...extra,
    target.host,
    String(target.port),
    ...files,
  ];
  const result = spawnSync('storescu', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new Error(`storescu could not run (${result.error.message}); install DCMTK (scripts/ensure-system.sh).`);
  return parseStorescuLog(`${result.stdout}\n${result.stderr}`, files, result.status);
}

/**
 * One storescu call per transfer-syntax family and per BATCH files, sequentially. Datasets
 * without SOP Class and Instance UIDs (test fragments) cannot be stored anywhere: not sent.
 */
function send(target: Target, files: readonly string[]): Outcome[] {
  const byFlag = new Map<string, string[]>();
  const outcomes: Outcome[] = [];
  for (const file of files) {
    const { uid, identified } = inspect(file);
    if (!identified) {
      outcomes.push({
        file,
        stored: false,
        skipped: true,
        note: 'no SOP Class UID or SOP Instance UID (a test fragment, not an instance)',
      });
      continue;
    }
    const flag = (uid && PROPOSE_FLAG[uid]) ?? '';
    byFlag.set(flag, [...(byFlag.get(flag) ?? []), file]);
  }
  for (const [flag, group] of byFlag) {
    for (let i = 0; i < group.length; i += BATCH) outcomes.push(...storescu(target, group.slice(i, i + BATCH), flag ? [flag] : []));
  }
  const order = new Map(files.map((file, index) => [file, index]));
  return outcomes.sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
}

function echo(target: Target): boolean {
  const result = spawnSync(
    'echoscu',
    ['-to', '10', '-ta', '10', '-aet', target.callingAet, '-aec', target.aet, target.host, String(target.port)],
    { encoding: 'utf8' },
  );
  if (result.error) throw new Error(`echoscu could not run (${result.error.message}); install DCMTK (scripts/ensure-system.sh).`);
  if (result.status === 0) return true;
  console.error(
    `C-ECHO to ${target.aet}@${target.host}:${target.port} failed; is the archive running (npm start)?\n${result.stderr.trim()}`,
  );
  return false;
}

function main(): number {
  const options = parseOptions();
  const target: Target = options;
  if (!echo(target)) return 1;

  const groups: Group[] = [
    { title: "pydicom's test_files", files: dicomFiles(join(options.pydicomData, 'test_files')), mustStore: false },
    { title: "pydicom's charset_files", files: dicomFiles(join(options.pydicomData, 'charset_files')), mustStore: true },
  ];
  if (groups.every((group) => group.files.length === 0)) {
    console.warn(`No pydicom sample files under ${options.pydicomData} (apt-get install python3-pydicom, or pass --pydicom-data).`);
  }
  groups.push({ title: 'synthetic chest CT', files: demoCt(options.slices), mustStore: true });

  console.log(`Sending to ${target.aet}@${target.host}:${target.port} as ${target.callingAet}`);
  let failed = false;
  const total = { stored: [] as string[], refused: 0, skipped: 0 };
  for (const group of groups) {
    if (group.files.length === 0) continue;
    const started = performance.now();
    const outcomes = send(target, group.files);
    const stored = outcomes.filter((outcome) => outcome.stored);
    const skipped = outcomes.filter((outcome) => outcome.skipped);
    const refused = outcomes.filter((outcome) => !outcome.stored && !outcome.skipped);
    total.stored.push(...stored.map((outcome) => outcome.file));
    total.refused += refused.length;
    total.skipped += skipped.length;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\n${group.title}: ${stored.length} stored, ${refused.length} refused, ${skipped.length} skipped (${seconds.toFixed(1)} s)`,
    );
    for (const outcome of stored) if (outcome.note) console.log(`  stored with ${outcome.note}: ${basename(outcome.file)}`);
    for (const outcome of refused) console.log(`  refused ${basename(outcome.file)}: ${outcome.note ?? 'unknown reason'}`);
    for (const outcome of skipped) console.log(`  skipped ${basename(outcome.file)}: ${outcome.note ?? ''}`);
    if (group.mustStore && refused.length > 0) failed = true;
  }
  const instances = distinctInstances(total.stored);
  console.log(
    `\nDone: ${total.stored.length} files stored (${instances} distinct SOP instances), ${total.refused} refused, ${total.skipped} skipped.`,
  );
  return failed || total.stored.length === 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
