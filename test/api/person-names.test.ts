/**
 * Person names against a real stack: the site's Japanese name form (configs patient_name.ja)
 * picks the component group the CSV and the report PDF print (read back with poppler's
 * pdftotext), a typed name in a tag edit follows the space-to-caret option, and the study index
 * reads a file that names no SpecificCharacterSet with the site's default character set.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dcmjs from 'dcmjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import { replaceConfig, waitForIndexedStudies } from '../harness/fixtures.ts';
import { csvRow, reportPdfText, startPrintedStudy } from '../harness/printed.ts';

let stack: Stack;
let admin: Session;
let documentId: number;
const dir = mkdtempSync(join(tmpdir(), 'pacs-names-'));
const JAPANESE = tinyStudyUids('names-ja');

const setConfig = (key: string, value: unknown) => replaceConfig(admin, key, value);
const nameForm = (ja: string) => setConfig('patient_name', { ja, is_replace_space_with_caret: true });

async function setCharacterSet(Name: string) {
  await admin.agent.patch(`${API}/defaultspecificcharactersetssettings/update`).set(admin.csrf).type('form').send({ Name }).expect(200);
}

/** The CSV's Patient Name and Referring Physician cells of the Japanese study. */
const csvNames = () => csvRow(admin, 'NAMES-JA', ['Patient', 'Referring']);
const pdfText = (name: string) => reportPdfText(admin, documentId, dir, name);

/**
 * A tiny study without (0008,0005) whose PatientName is `bytes`: written with an ASCII stand-in
 * of the same length, whose bytes are then replaced (dcmjs would encode text itself).
 */
function unnamedCharsetStudy(seed: string, patientId: string, bytes: number[]): string {
  const { DicomMessage, DicomMetaDictionary } = dcmjs.data;
  const standIn = 'Q'.repeat(bytes.length + (bytes.length % 2));
  const dict = DicomMessage.readFile(new Uint8Array(tinyStudy({ seed, patientName: standIn, patientId })).buffer);
  const dataset = DicomMetaDictionary.naturalizeDataset(dict.dict);
  delete dataset.SpecificCharacterSet;
  dict.dict = DicomMetaDictionary.denaturalizeDataset(dataset);
  const file = Buffer.from(dict.write());
  const at = file.indexOf(standIn, 0, 'latin1');
  expect(at).toBeGreaterThan(0);
  // Padded to even length with a space, as DICOM pads text.
  Buffer.from([...bytes, ...(bytes.length % 2 ? [0x20] : [])]).copy(file, at);
  const path = join(dir, `${seed}.dcm`);
  writeFileSync(path, file);
  return path;
}

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  documentId = await startPrintedStudy(
    stack,
    admin,
    {
      seed: 'names-ja',
      patientName: 'Yamada^Tarou=山田^太郎=やまだ^たろう',
      referringPhysicianName: 'Suzuki^Ichiro=鈴木^一郎=すずき^いちろう',
      patientId: 'NAMES-JA',
    },
    { PatientName: 'Patient', ReferringPhysicianName: 'Referring' },
    'Names',
  );
});
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Japanese name form', () => {
  it('picks the group the CSV and the report PDF print', async () => {
    await nameForm('kanji');
    expect(await csvNames()).toEqual(['山田 太郎', '鈴木 一郎']);
    let text = await pdfText('kanji');
    expect(text).toMatch(/山田\s*太郎/);
    expect(text).toMatch(/鈴木\s*一郎/);
    expect(text).not.toContain('やまだ');
    expect(text).not.toContain('Yamada');

    await nameForm('kana');
    expect(await csvNames()).toEqual(['やまだ たろう', 'すずき いちろう']);
    text = await pdfText('kana');
    expect(text).toMatch(/やまだ\s*たろう/);
    expect(text).not.toContain('山田');

    await nameForm('alphabet');
    expect(await csvNames()).toEqual(['Yamada Tarou', 'Suzuki Ichiro']);
    text = await pdfText('alphabet');
    expect(text).toContain('Yamada Tarou');
    expect(text).not.toContain('山田');
    await nameForm('kana');
  });

  it('stores a name typed with a space in a tag edit with a caret when the site asks, as typed when not', async () => {
    const edit = (PatientName: string) =>
      admin.agent
        .patch(`${API}/studies/edit`)
        .set(admin.csrf)
        .send({ StudyInstanceUID: JAPANESE.study, Tags: { PatientName } })
        .expect(200);
    const stored = async () =>
      (await stack.sql<{ patient_name: string }>('select patient_name from studies where study_instance_uid = $1', [JAPANESE.study]))[0]
        ?.patient_name;
    await edit('Yamada Tarou=山田 太郎=やまだ たろう');
    expect(await stored()).toBe('Yamada^Tarou=山田^太郎=やまだ^たろう');
    await setConfig('patient_name', { ja: 'kana', is_replace_space_with_caret: false });
    try {
      await edit('Yamada Hanako');
      expect(await stored()).toBe('Yamada Hanako');
    } finally {
      await nameForm('kana');
    }
    await edit('Yamada^Tarou=山田^太郎=やまだ^たろう');
    // A search typed with a space finds the name stored with a caret, and the other way round.
    for (const typed of ['%Yamada Tarou%', '%Yamada^Tarou%', '%山田 太郎%']) {
      const found = await admin.agent.get(`${API}/studies/search`).query({ PatientName: typed }).expect(200);
      expect(
        found.body.Items.map((item: { PatientID: string }) => item.PatientID),
        typed,
      ).toEqual(['NAMES-JA']);
    }
  });
});

describe('a file that names no character set', () => {
  const cases = [
    // Müller^Jürgen in ISO 8859-1.
    {
      charset: 'ISO_IR 100',
      seed: 'names-latin1',
      id: 'NAMES-L1',
      bytes: [...Buffer.from('M\xfcller^J\xfcrgen', 'latin1')],
      name: 'Müller^Jürgen',
    },
    // Иванов^Иван in ISO 8859-5.
    {
      charset: 'ISO_IR 144',
      seed: 'names-cyrillic',
      id: 'NAMES-CY',
      bytes: [0xb8, 0xd2, 0xd0, 0xdd, 0xde, 0xd2, 0x5e, 0xb8, 0xd2, 0xd0, 0xdd],
      name: 'Иванов^Иван',
    },
  ];

  for (const { charset, seed, id, bytes, name } of cases) {
    it(`is indexed and listed with the default ${charset}`, async () => {
      await setCharacterSet(charset);
      try {
        const file = unnamedCharsetStudy(seed, id, bytes);
        const { failed } = await storeFiles([file], { port: stack.config.dicomPort });
        expect(failed).toEqual([]);
        await waitForIndexedStudies(stack, [tinyStudyUids(seed).study]);
        const [row] = await stack.sql<{ patient_name: string }>('select patient_name from studies where patient_id = $1', [id]);
        expect(row?.patient_name).toBe(name);
        const listed = await admin.agent.get(`${API}/studies/search`).query({ PatientID: id }).expect(200);
        expect(listed.body.Items.map((item: { PatientName: string }) => item.PatientName)).toEqual([name]);
        // The search compares the decoded name.
        const found = await admin.agent
          .get(`${API}/studies/search`)
          .query({ PatientName: `%${name.split('^')[0]}%` })
          .expect(200);
        expect(found.body.Items.map((item: { PatientID: string }) => item.PatientID)).toEqual([id]);
      } finally {
        await setCharacterSet('ISO_IR 192');
      }
    });
  }
});
