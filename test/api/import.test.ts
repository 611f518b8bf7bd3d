/**
 * Import from the browser: a batch with good files, a zip, a folder's files and bad files stores
 * the good ones and reports each bad one with its own message.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { hashPassword } from '../../adapter/src/access/passwords.ts';
import { IMPORT_MESSAGES } from '@pacs/common';
import { tinyStudy } from '../harness/dicom.ts';

const FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
let stack: Stack;
let admin: Session;

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
});
afterAll(async () => {
  await stack?.stop();
});

function zipOf(files: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-zip-'));
  const target = join(dir, 'study.zip');
  // Python's zipfile is on every machine that has pydicom's samples.
  execFileSync('python3', [
    '-c',
    'import sys, zipfile, os\nwith zipfile.ZipFile(sys.argv[1], "w") as z:\n  [z.write(f, os.path.basename(f)) for f in sys.argv[2:]]',
    target,
    ...files,
  ]);
  return readFileSync(target);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('import from the browser', () => {
  it('stores the good files of a mixed batch and reports each bad one', async () => {
    // Browsers name a folder's files by their relative path; form-data keeps it through `filepath`
    // (superagent's types list only filename and contentType).
    const inFolder = { filename: 'rtstruct.dcm', filepath: 'folder/sub/rtstruct.dcm' };
    const damaged = Buffer.from(readFileSync(`${FILES}/CT_small.dcm`).subarray(0, 600));
    const response = await admin.agent
      .post(`${API}/import/files`)
      .set(admin.csrf)
      .attach('files', readFileSync(`${FILES}/CT_small.dcm`), 'CT_small.dcm')
      .attach('files', Buffer.from('just some notes'), 'notes.txt')
      .attach('files', PNG, 'photo.dcm')
      .attach('files', zipOf([`${FILES}/MR_small.dcm`, `${FILES}/rtplan.dcm`]), 'study.zip')
      .attach('files', damaged, 'damaged.dcm')
      .attach('files', readFileSync(`${FILES}/rtstruct.dcm`), inFolder)
      .expect(200);

    const byName = Object.fromEntries(response.body.Files.map((file: { File: string }) => [file.File, file]));
    // A zip archive is unpacked by the adapter: one line per entry, named by its path in the archive.
    expect(Object.keys(byName)).toEqual([
      'CT_small.dcm',
      'notes.txt',
      'photo.dcm',
      'study.zip/MR_small.dcm',
      'study.zip/rtplan.dcm',
      'damaged.dcm',
      'folder/sub/rtstruct.dcm',
    ]);
    expect(byName['CT_small.dcm']).toMatchObject({
      Status: 'Success',
      Instances: 1,
      StudyInstanceUIDs: ['1.3.6.1.4.1.5962.1.2.1.20040119072730.12322'],
    });
    expect(byName['notes.txt']).toMatchObject({ Status: 'Failed', Message: 'not a DICOM file' });
    // Named .dcm, but a PNG by content.
    expect(byName['photo.dcm']).toMatchObject({ Status: 'Failed', Message: 'file format not supported' });
    expect(byName['study.zip/MR_small.dcm']).toMatchObject({ Status: 'Success', Instances: 1 });
    expect(byName['study.zip/rtplan.dcm']).toMatchObject({ Status: 'Success', Instances: 1 });
    expect(byName['damaged.dcm']).toMatchObject({ Status: 'Failed', Message: 'The DICOM file is damaged and cannot be read.' });
    // A dataset without preamble and DICM marker, as old writers produce: still DICOM.
    expect(byName['folder/sub/rtstruct.dcm']).toMatchObject({ Status: 'Success', Instances: 1 });
    expect(response.body).toMatchObject({ Stored: 4, Failed: 3 });

    // The stored studies reach the list through the index.
    let count = 0;
    for (let i = 0; i < 50 && count < 4; i++) {
      count = (await admin.agent.get(`${API}/studies/search`)).body.Count;
      if (count < 4) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(count).toBe(4);

    // Importing the same file again replaces it (Orthanc's OverwriteInstances) and doubles nothing.
    const [before] = await stack.sql<{ n: number }>('select count(*)::int as n from instances');
    const again = await admin.agent
      .post(`${API}/import/files`)
      .set(admin.csrf)
      .attach('files', readFileSync(`${FILES}/CT_small.dcm`), 'CT_small.dcm')
      .expect(200);
    expect(again.body.Files[0].Status).toBe('Success');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [after] = await stack.sql<{ n: number }>('select count(*)::int as n from instances');
    expect(after?.n).toBe(before?.n);
    expect((await admin.agent.get(`${API}/studies/search`)).body.Count).toBe(4);
  });

  it('needs the import permission and a CSRF token, and refuses a body that is not multipart', async () => {
    await admin.agent
      .post(`${API}/import/files`)
      .attach('files', readFileSync(`${FILES}/CT_small.dcm`), 'x.dcm')
      .expect(403);
    await admin.agent.post(`${API}/import/files`).set(admin.csrf).send({ not: 'multipart' }).expect(400);
    const [role] = await stack.sql<{ no: number }>(
      `insert into roles (institution, name, permissions) values (0, 'no-import', '{"list": true}') returning no`,
    );
    await stack.sql('insert into accounts (id, password_hash, role) values ($1, $2, $3)', [
      'viewer-only',
      await hashPassword('pass-1234'),
      role!.no,
    ]);
    const user = await signIn(stack.baseUrl, 'viewer-only', 'pass-1234');
    // The import results name only studies the caller may see: a role limited to CT that creates
    // a new MR study cannot learn its UID; adding to the existing MR study (stored by the admin
    // above, outside the CT role's scope) is refused.
    const [ctRole] = await stack.sql<{ no: number }>(
      `insert into roles (institution, name, permissions, targets) values (0, 'ct-importer', '{"list": true, "list_import": true}', '{"All": false, "Modality": ["CT"]}') returning no`,
    );
    await stack.sql('insert into accounts (id, password_hash, role) values ($1, $2, $3)', [
      'ct_importer',
      await hashPassword('pass-1234'),
      ctRole!.no,
    ]);
    const ctUser = await signIn(stack.baseUrl, 'ct_importer', 'pass-1234');
    const mixed = await ctUser.agent
      .post(`${API}/import/files`)
      .set(ctUser.csrf)
      .attach('files', readFileSync(`${FILES}/CT_small.dcm`), 'ct.dcm')
      .attach('files', tinyStudy({ seed: 'new-mr', patientName: 'New^Mr', patientId: 'NEW-MR', modality: 'MR' }), 'new-mr.dcm')
      .attach('files', readFileSync(`${FILES}/MR_small.dcm`), 'mr.dcm')
      .expect(200);
    expect(
      mixed.body.Files.map((file: { Status: string; StudyInstanceUIDs: string[]; Message?: string }) => [
        file.Status,
        file.StudyInstanceUIDs.length,
        file.Message,
      ]),
    ).toEqual([
      ['Success', 1, undefined],
      ['Success', 0, undefined],
      ['Failed', 0, IMPORT_MESSAGES.outside_scope],
    ]);
    const refused = await user.agent
      .post(`${API}/import/files`)
      .set(user.csrf)
      .attach('files', readFileSync(`${FILES}/CT_small.dcm`), 'x.dcm')
      .expect(403);
    expect(refused.body.code).toBe('forbidden');
  });
});
