/**
 * The access matrix's data set (issue "Access"), shared by the matrix and the escalation tests:
 * five tiny studies sent by storescu from several AE titles, and five readers whose roles pick
 * them by AE title, modality, referring physician, shares only and institution.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startStack, type Stack } from './stack.ts';
import { API, signIn, type Session } from './api.ts';
import { storeFiles, tinyStudy, tinyStudyUids, type TinyStudy } from './dicom.ts';

export const STUDIES: (TinyStudy & { ae: string })[] = [
  {
    seed: 's1',
    ae: 'AE_A1',
    institutionName: 'Hospital A',
    modality: 'CT',
    referringPhysicianName: 'Dr^Who',
    patientName: 'One^Patient',
    patientId: 'P1',
    accessionNumber: 'ACC1',
  },
  {
    seed: 's2',
    ae: 'AE_A2',
    institutionName: 'Hospital A',
    modality: 'MR',
    referringPhysicianName: 'Dr^House',
    patientName: 'Two^Patient',
    patientId: 'P2',
    accessionNumber: 'ACC2',
  },
  {
    seed: 's3',
    ae: 'AE_B1',
    institutionName: 'Hospital B',
    modality: 'CT',
    referringPhysicianName: 'Dr^Who',
    patientName: 'Three^Patient',
    patientId: 'P3',
    accessionNumber: 'ACC3',
  },
  {
    seed: 's4',
    ae: 'AE_B1',
    institutionName: 'Hospital B',
    modality: 'MR',
    referringPhysicianName: 'Dr^Grey',
    patientName: 'Four^Patient',
    patientId: 'P4',
    accessionNumber: 'ACC4',
  },
  {
    seed: 's5',
    ae: 'AE_C1',
    institutionName: 'Clinic C',
    modality: 'US',
    referringPhysicianName: '',
    patientName: 'Five^Patient',
    patientId: 'P5',
    accessionNumber: 'ACC5',
  },
];

/** Who must see what: the facts the rules imply for this data set. */
export const EXPECTED: Record<string, string[]> = {
  admin: ['s1', 's2', 's3', 's4', 's5'],
  ae_user: ['s1', 's2'],
  mr_user: ['s2', 's4'],
  who_user: ['s1', 's3'],
  shared_user: [],
  b_user: ['s3', 's4'],
};

/** The password of every account the matrix (and the tests on top of it) create. */
export const MATRIX_PASSWORD = 'matrix-pass-1';

export const uid = (seed: string) => tinyStudyUids(seed);
export const seedOf = (studyUid: string) => STUDIES.find((s) => uid(s.seed).study === studyUid)?.seed ?? `unknown ${studyUid}`;

/**
 * A fresh stack holding STUDIES, with a session per user of EXPECTED (admin included), once the
 * index lists every study. `sessions` is the caller's to extend.
 */
export async function startAccessMatrix(): Promise<{ stack: Stack; sessions: Record<string, Session> }> {
  const stack = await startStack();
  const sessions: Record<string, Session> = {};
  try {
    const dir = mkdtempSync(join(tmpdir(), 'pacs-access-'));
    try {
      for (const study of STUDIES) {
        const file = join(dir, `${study.seed}.dcm`);
        writeFileSync(file, tinyStudy(study));
        const sent = await storeFiles([file], { port: stack.config.dicomPort, callingAet: study.ae });
        if (sent.failed.length > 0) throw new Error(`storescu failed: ${JSON.stringify(sent.failed)}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    sessions.admin = admin;
    const call = (method: 'post' | 'patch', path: string, form: Record<string, string>) =>
      admin.agent[method](`${API}${path}`).set(admin.csrf).type('form').send(form);

    const institutionB = (
      await call('post', '/institutions/create', {
        Name: 'Institution B',
        Targets: JSON.stringify({ All: false, InstitutionName: ['Hospital B'] }),
      }).expect(200)
    ).body.No;
    const reading = JSON.stringify({ list: true, viewer: true });
    const role = async (name: string, institution: number, targets: object, studyAccess = 'all') =>
      (
        await call('post', '/roles/create', {
          Name: name,
          Institution: String(institution),
          Permissions: reading,
          Targets: JSON.stringify(targets),
          StudyAccess: studyAccess,
        }).expect(200)
      ).body.No as number;
    const roles = {
      ae: await role('AE readers', 0, { All: false, AETitle: ['AE_A1', 'AE_A2'] }),
      mr: await role('MR readers', 0, { All: false, Modality: ['MR'] }),
      all: await role('Referring physicians', 0, { All: true }),
      shared: await role('Shared only', 0, { All: true }, 'only_shared'),
      b: await role('B readers', institutionB, { All: true }),
    };
    const account = async (id: string, roleNo: number, extra: Record<string, string> = {}) => {
      await call('post', '/accounts/create', {
        Id: id,
        Password: MATRIX_PASSWORD,
        Name: id,
        Role: String(roleNo),
        ...extra,
      }).expect(200);
      sessions[id] = await signIn(stack.baseUrl, id, MATRIX_PASSWORD);
    };
    await account('ae_user', roles.ae);
    await account('mr_user', roles.mr);
    await account('who_user', roles.all, { ReferringPhysicianName: 'dr who' });
    await account('shared_user', roles.shared);
    await account('b_user', roles.b);

    for (let i = 0; i < 100; i++) {
      if ((await admin.agent.get(`${API}/studies/search`)).body.Count === STUDIES.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return { stack, sessions };
}
