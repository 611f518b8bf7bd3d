/**
 * Export (POST /studies/export, issue 15) against real Orthanc, PostgreSQL and dcmtk: the zip holds
 * every DICOM file of the selected studies, series or instances and a DICOMDIR that dcmdump reads and that references each file; an anonymized
 * export blanks the configs' items and drops overlays, a plain one keeps them; nothing the caller
 * cannot see is exported; refusals come before the first byte; the temporary folder goes, also
 * when the browser gives up half-way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMIZATION_KEYS, EXPORT_HEADERS, EXPORT_MAX_STUDIES, type AnonymizationItem } from '@pacs/common';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import { createReader, waitForIndexedStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
let workDir: string;
let ct: ReturnType<typeof generateCt>;
let bigCt: ReturnType<typeof generateCt>;

const OVERLAY = tinyStudyUids('export-overlay');
const MIXED_CT = tinyStudyUids('export-mixed-ct');
const MIXED_MR = tinyStudyUids('export-mixed-mr');
const MR_ONLY = tinyStudyUids('export-mr');

function dcmodify(file: string, ...args: string[]): void {
  const run = spawnSync('dcmodify', ['-nb', ...args, file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`dcmodify: ${run.stderr}`);
}

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  workDir = mkdtempSync(join(tmpdir(), 'pacs-export-'));
  ct = generateCt({
    out: join(workDir, 'ct'),
    slices: 4,
    size: 32,
    studyUidSeed: 'export-ct',
    patientName: 'Export^Ct',
    patientId: 'EXP-1',
  });
  bigCt = generateCt({
    out: join(workDir, 'big'),
    slices: 80,
    size: 256,
    studyUidSeed: 'export-big',
    patientName: 'Big^Ct',
    patientId: 'EXP-9',
  });
  const tiny = (name: string, study: Parameters<typeof tinyStudy>[0]) => {
    const file = join(workDir, `${name}.dcm`);
    writeFileSync(file, tinyStudy(study));
    return file;
  };
  const overlay = tiny('overlay', {
    seed: 'export-overlay',
    patientName: 'Overlay^Olive',
    patientId: 'EXP-2',
    accessionNumber: 'ACC-2',
    studyDescription: 'Head',
    sex: 'F',
  });
  dcmodify(overlay, '-i', '(6000,0010)=16', '-i', '(6000,0011)=16', '-i', '(6000,0040)=G', '-i', '(6000,0050)=1\\1');
  dcmodify(overlay, '-i', '(6000,0100)=1', '-i', '(6000,0102)=0', '-i', '(6002,0022)=Second plane', '-i', 'PatientAge=064Y');
  const mixedCt = tiny('mixed-ct', { seed: 'export-mixed-ct', patientName: 'Mixed^Max', patientId: 'EXP-3', modality: 'CT' });
  const mixedMr = tiny('mixed-mr', { seed: 'export-mixed-mr', patientName: 'Mixed^Max', patientId: 'EXP-3', modality: 'MR' });
  // The MR series joins the CT's study: one study, one series of each modality.
  dcmodify(mixedMr, '-m', `StudyInstanceUID=${MIXED_CT.study}`);
  const mrOnly = tiny('mr', { seed: 'export-mr', patientName: 'Mr^Only', patientId: 'EXP-4', modality: 'MR' });
  const stored = await storeFiles([...ct.files, ...bigCt.files, overlay, mixedCt, mixedMr, mrOnly], {
    port: stack.config.dicomPort,
    aet: stack.config.dicomAet,
  });
  expect(stored.failed).toEqual([]);
  await waitForIndexedStudies(stack, [ct.studyInstanceUid, bigCt.studyInstanceUid, OVERLAY.study, MR_ONLY.study]);
  await waitForIndexedStudies(stack, [MIXED_CT.study], 2);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function exportOf(session: Session, body: object) {
  return session.agent
    .post(`${API}/studies/export`)
    .set(session.csrf)
    .send(body)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/** Unzips into a fresh folder (yauzl, entry by entry); the entry names. */
function unzip(zip: Buffer): Promise<{ dir: string; names: string[] }> {
  const dir = mkdtempSync(join(workDir, 'zip-'));
  const names: string[] = [];
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error);
      archive.on('error', reject);
      archive.on('end', () => resolve({ dir, names }));
      archive.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            const target = join(dir, entry.fileName);
            mkdirSync(dirname(target), { recursive: true });
            writeFileSync(target, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}

/** dcmdump's text of a file; the test fails when dcmdump does not read it cleanly. */
function dump(file: string): string {
  const run = spawnSync('dcmdump', [file], { encoding: 'utf8' });
  expect(run.status, `${file}: ${run.stderr}`).toBe(0);
  expect(run.stderr, file).not.toMatch(/^E:/m);
  return run.stdout;
}

/** One attribute's value as dcmdump prints it: [text], '' for an empty one, undefined when absent. */
function valueOf(text: string, keyword: string): string | undefined {
  const line = text.split('\n').find((row) => new RegExp(`#\\s+\\d+,\\s*\\d+\\s+${keyword}$`).test(row.trim()));
  if (!line) return undefined;
  return /\[([^\]]*)\]/.exec(line)?.[1] ?? '';
}

interface Unpacked {
  files: Map<string, string>;
  dicomdir: string;
}

/** Every file of the export dumped, the DICOMDIR checked against them. */
async function unpack(zip: Buffer): Promise<Unpacked> {
  const { dir, names } = await unzip(zip);
  expect(names).toContain('DICOMDIR');
  const files = new Map<string, string>();
  for (const name of names.filter((entry) => entry !== 'DICOMDIR')) files.set(name, dump(join(dir, name)));
  const dicomdir = dump(join(dir, 'DICOMDIR'));
  const referenced = [...dicomdir.matchAll(/\(0004,1500\) CS \[([^\]]+)\]/g)].map((match) => match[1]!.replace(/\\/g, '/')).sort();
  expect(referenced).toEqual([...files.keys()].sort());
  expect(dicomdir.match(/DirectoryRecordType/g)?.length).toBeGreaterThan(files.size);
  return { files, dicomdir };
}

const uploadsLeft = () => {
  const dir = join(stack.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** The newest export row, once it has ended (its end is recorded just after the last byte). */
async function lastExport() {
  for (let i = 0; ; i++) {
    const [row] = await stack.sql<{
      state: string;
      instances_total: number;
      anonymization: string[];
      study_instance_uids: string[];
      account_id: string;
    }>('select * from export_jobs order by id desc limit 1');
    if (row?.state !== 'running' || i === 100) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('export', () => {
  it('answers a zip of the files with a DICOMDIR that references each, unchanged', async () => {
    const response = await exportOf(admin, {
      Items: [{ StudyInstanceUID: ct.studyInstanceUid }, { StudyInstanceUID: OVERLAY.study }],
    }).expect(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="dicom-export-\d{8}-\d{6}\.zip"$/);
    expect(response.headers[EXPORT_HEADERS.instances.toLowerCase()]).toBe('5');
    expect(Number(response.headers[EXPORT_HEADERS.bytes.toLowerCase()])).toBeGreaterThan(0);
    const { files, dicomdir } = await unpack(response.body as Buffer);
    expect(files.size).toBe(5);
    expect(dicomdir.match(/\[IMAGE\]/g)).toHaveLength(5);
    const dumps = [...files.values()];
    expect(dumps.map((text) => valueOf(text, 'PatientName')).sort()).toEqual([
      'Export^Ct',
      'Export^Ct',
      'Export^Ct',
      'Export^Ct',
      'Overlay^Olive',
    ]);
    const overlay = dumps.find((text) => valueOf(text, 'PatientName') === 'Overlay^Olive')!;
    expect(overlay).toMatch(/\(6000,0010\)/);
    expect(valueOf(overlay, 'AccessionNumber')).toBe('ACC-2');
    expect(await lastExport()).toMatchObject({
      state: 'completed',
      instances_total: 5,
      anonymization: [],
      account_id: 'admin',
      study_instance_uids: [ct.studyInstanceUid, OVERLAY.study],
    });
  });

  it('anonymized: blanks the identifiers, drops overlays, keeps the UIDs together', async () => {
    const response = await exportOf(admin, {
      Items: [{ StudyInstanceUID: ct.studyInstanceUid }, { StudyInstanceUID: OVERLAY.study }],
      Anonymize: true,
    }).expect(200);
    expect(response.headers[EXPORT_HEADERS.instances.toLowerCase()]).toBe('5');
    const { files, dicomdir } = await unpack(response.body as Buffer);
    expect(files.size).toBe(5);
    for (const [name, text] of files) {
      for (const keyword of [
        'PatientName',
        'PatientBirthDate',
        'PatientAge',
        'PatientSex',
        'AccessionNumber',
        'StudyID',
        'StudyDescription',
      ]) {
        expect(valueOf(text, keyword) ?? '', `${name} ${keyword}`).toBe('');
      }
      expect(valueOf(text, 'PatientID'), name).toMatch(/^ANON000[12]$/);
      expect(text, name).not.toMatch(/^\(60[01][0-9a-f],/m);
      expect(text).not.toMatch(/Export\^Ct|Overlay\^Olive|ACC-2|EXP-[12]/);
    }
    const studies = new Set([...files.values()].map((text) => valueOf(text, 'StudyInstanceUID')));
    expect(studies).toEqual(new Set([ct.studyInstanceUid, OVERLAY.study]));
    const sops = [...files.values()].map((text) => valueOf(text, 'SOPInstanceUID'));
    expect(sops).toContain(OVERLAY.instance);
    // One patient, study and series record each: the CT's four images stay in one series.
    expect(dicomdir.match(/\[PATIENT\]/g)).toHaveLength(2);
    expect(dicomdir.match(/\[STUDY\]/g)).toHaveLength(2);
    expect(dicomdir.match(/\[SERIES\]/g)).toHaveLength(2);
    expect(await lastExport()).toMatchObject({ state: 'completed', anonymization: ANONYMIZATION_KEYS.map(([key]) => key) });
    expect(uploadsLeft()).toEqual([]);
  });

  it('applies only the enabled items of the configs, listed by GET /anonymized/all', async () => {
    const items = (await admin.agent.get(`${API}/anonymized/all`).expect(200)).body as AnonymizationItem[];
    expect(items.map((item) => item.key)).toEqual(ANONYMIZATION_KEYS.map(([key]) => key));
    const edited = items.map((item) => (item.key === 'PatientSex' || item.key === 'Overlay' ? { ...item, is_enabled: false } : item));
    const replace = (value: AnonymizationItem[]) =>
      admin.agent
        .put(`${API}/configs/replace`)
        .set(admin.csrf)
        .type('form')
        .send({ key: 'anonymization', value: JSON.stringify(value) })
        .expect(200);
    await replace(edited);
    try {
      expect((await admin.agent.get(`${API}/anonymized/all`).expect(200)).body).toEqual(edited);
      const response = await exportOf(admin, { Items: [{ StudyInstanceUID: OVERLAY.study }], Anonymize: true }).expect(200);
      const [text] = [...(await unpack(response.body as Buffer)).files.values()];
      expect(valueOf(text!, 'PatientSex')).toBe('F');
      expect(text).toMatch(/\(6000,0010\)/);
      expect(valueOf(text!, 'PatientName')).toBe('');
    } finally {
      await replace(items);
    }
  });

  it('exports only what the caller sees, and needs list_export', async () => {
    await createReader(admin, {
      id: 'ct_exporter',
      password: 'export-pass-1',
      role: {
        name: 'CT exporters',
        permissions: { list: true, list_export: true },
        targets: { All: false, AETitle: [], InstitutionName: [], Modality: ['CT'] },
      },
    });
    const exporter = await signIn(stack.baseUrl, 'ct_exporter', 'export-pass-1');
    // The mixed study, asked for whole, comes narrowed to its CT series.
    const response = await exportOf(exporter, { Items: [{ StudyInstanceUID: MIXED_CT.study }] }).expect(200);
    expect(response.headers[EXPORT_HEADERS.instances.toLowerCase()]).toBe('1');
    const { files } = await unpack(response.body as Buffer);
    expect([...files.values()].map((text) => valueOf(text, 'Modality'))).toEqual(['CT']);
    expect(await lastExport()).toMatchObject({ account_id: 'ct_exporter', instances_total: 1 });

    const before = (await stack.sql('select id from export_jobs')).length;
    await exportOf(exporter, { Items: [{ StudyInstanceUID: MIXED_CT.study, SeriesInstanceUID: MIXED_MR.series }] }).expect(404);
    await exportOf(exporter, { Items: [{ StudyInstanceUID: ct.studyInstanceUid }, { StudyInstanceUID: MR_ONLY.study }] }).expect(404);
    // Another study's series under a visible study.
    await exportOf(admin, { Items: [{ StudyInstanceUID: ct.studyInstanceUid, SeriesInstanceUID: MR_ONLY.series }] }).expect(404);
    expect(await stack.sql('select id from export_jobs')).toHaveLength(before);

    await createReader(admin, { id: 'no_export', password: 'export-pass-2', role: { name: 'No export', permissions: { list: true } } });
    const reader = await signIn(stack.baseUrl, 'no_export', 'export-pass-2');
    await exportOf(reader, { Items: [{ StudyInstanceUID: ct.studyInstanceUid }] }).expect(403);
  });

  it('exports instances selected on their own, each checked like a series', async () => {
    const sops = (
      await stack.sql<{ sop_instance_uid: string }>(
        `select i.sop_instance_uid from instances i join series s on s.id = i.series_id
          where s.series_instance_uid = $1 order by i.instance_number`,
        [ct.seriesInstanceUid],
      )
    ).map((row) => row.sop_instance_uid);
    expect(sops).toHaveLength(4);
    const picked = [sops[1]!, sops[3]!];
    const items = picked.map((sop) => ({
      StudyInstanceUID: ct.studyInstanceUid,
      SeriesInstanceUID: ct.seriesInstanceUid,
      SOPInstanceUID: sop,
    }));
    // An instance beside a whole series of another study: both come, the series whole.
    const response = await exportOf(admin, {
      Items: [...items, { StudyInstanceUID: OVERLAY.study, SeriesInstanceUID: OVERLAY.series }],
    }).expect(200);
    expect(response.headers[EXPORT_HEADERS.instances.toLowerCase()]).toBe('3');
    const { files, dicomdir } = await unpack(response.body as Buffer);
    expect(new Set([...files.values()].map((text) => valueOf(text, 'SOPInstanceUID')))).toEqual(new Set([...picked, OVERLAY.instance]));
    expect(dicomdir.match(/\[IMAGE\]/g)).toHaveLength(3);
    const [row] = await stack.sql<{ sop_instance_uids: string[]; series_instance_uids: string[] }>(
      'select sop_instance_uids, series_instance_uids from export_jobs order by id desc limit 1',
    );
    expect(row).toMatchObject({ sop_instance_uids: picked, series_instance_uids: [OVERLAY.series] });

    // An instance must lie in the series and study it names, and the series be one the caller sees.
    await exportOf(admin, { Items: [{ ...items[0]!, SeriesInstanceUID: OVERLAY.series }] }).expect(404);
    await exportOf(admin, {
      Items: [{ StudyInstanceUID: MR_ONLY.study, SeriesInstanceUID: ct.seriesInstanceUid, SOPInstanceUID: sops[0] }],
    }).expect(404);
    const exporter = await signIn(stack.baseUrl, 'ct_exporter', 'export-pass-1');
    await exportOf(exporter, {
      Items: [{ StudyInstanceUID: MIXED_CT.study, SeriesInstanceUID: MIXED_MR.series, SOPInstanceUID: MIXED_MR.instance }],
    }).expect(404);
    const mine = await exportOf(exporter, {
      Items: [{ StudyInstanceUID: MIXED_CT.study, SeriesInstanceUID: MIXED_CT.series, SOPInstanceUID: MIXED_CT.instance }],
    }).expect(200);
    expect(mine.headers[EXPORT_HEADERS.instances.toLowerCase()]).toBe('1');
  });

  it('refuses bad input with 400 before any byte', async () => {
    const bad = async (body: object) => {
      const response = await exportOf(admin, body).expect(400);
      expect(JSON.parse((response.body as Buffer).toString('utf8'))).toMatchObject({ code: 'validation_failed' });
    };
    await bad({ Items: [] });
    await bad({});
    await bad({ Items: [{ StudyInstanceUID: 'not a uid' }] });
    await bad({ Items: [{ StudyInstanceUID: ct.studyInstanceUid, SeriesInstanceUID: 42 }] });
    // An instance names its series.
    await bad({ Items: [{ StudyInstanceUID: ct.studyInstanceUid, SOPInstanceUID: '1.2.3' }] });
    await bad({ Items: [{ StudyInstanceUID: ct.studyInstanceUid, SeriesInstanceUID: ct.seriesInstanceUid, SOPInstanceUID: 'x y' }] });
    await bad({ Items: [{ StudyInstanceUID: ct.studyInstanceUid }], Anonymize: 'maybe' });
    await bad({ Items: '{"x":' });
    await bad({ Items: Array.from({ length: EXPORT_MAX_STUDIES + 1 }, (_, at) => ({ StudyInstanceUID: `1.2.3.${at}` })) });
  });

  it('stops and removes its folder when the browser gives up half-way', async () => {
    // A session of its own through fetch, whose download can be abandoned mid-way.
    const login = await fetch(`${stack.baseUrl}${API}/login`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const csrf = ((await login.json()) as { CsrfToken: string }).CsrfToken;
    const controller = new AbortController();
    const response = await fetch(`${stack.baseUrl}${API}/studies/export`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({ Items: [{ StudyInstanceUID: bigCt.studyInstanceUid }], Anonymize: true }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get(EXPORT_HEADERS.instances)).toBe('80');
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => undefined);
    for (let i = 0; i < 100 && uploadsLeft().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastExport()).toMatchObject({ state: 'cancelled', instances_total: 80 });
    expect(uploadsLeft()).toEqual([]);
  });

  it('answers 503 and records the failure when Orthanc fails before the first file, and goes on serving', async () => {
    // The zip's stream was destroyed before anyone read it: an 'error' nobody listened to, which
    // ended the adapter's process (any user with list_export could do it by cancelling early).
    await stack.stopOrthanc();
    try {
      const response = await exportOf(admin, { Items: [{ StudyInstanceUID: ct.studyInstanceUid }], Anonymize: true }).expect(503);
      expect(JSON.parse((response.body as Buffer).toString('utf8'))).toMatchObject({ code: 'orthanc_unavailable' });
      expect(await lastExport()).toMatchObject({ state: 'failed' });
      expect(uploadsLeft()).toEqual([]);
      await admin.agent.get(`${API}/anonymized/all`).expect(200);
    } finally {
      await stack.startOrthanc();
    }
  });
});
