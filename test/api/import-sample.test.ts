/**
 * Import sample against a real stack: the product generates its sample chest CTs itself and
 * stores them through the browser import's path, so the licence's study limit (MAX_STUDIES=1
 * here), visibility and permissions apply exactly as for an upload; the site can hide it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, IMPORT_MESSAGES, MESSAGES } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { createReader, waitForIndexedStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;

interface FileResult {
  File: string;
  Status: string;
  Message?: string;
  StudyInstanceUIDs: string[];
}

beforeAll(async () => {
  stack = await startStack({ env: { MAX_STUDIES: '1' } });
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
});
afterAll(async () => {
  await stack?.stop();
});

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const importSample = (session: Session, Id: unknown) =>
  session.agent.post(`${API}/import/sample`).set(session.csrf).type('form').send({ Id });

const statuses = (files: FileResult[]) => [...new Set(files.map((file) => `${file.Status}${file.Message ? `: ${file.Message}` : ''}`))];

describe('import sample', () => {
  it('lists the samples, then stores one through the import path, once', async () => {
    const listed = await admin.agent.get(`${API}/import/samples`).expect(200);
    expect(listed.body.Items.map((item: { Id: string; Instances: number }) => [item.Id, item.Instances])).toEqual([
      ['chest-ct', 64],
      ['chest-ct-prior', 48],
    ]);

    const first = await importSample(admin, 'chest-ct').expect(200);
    expect(first.body).toMatchObject({ Stored: 64, Failed: 0 });
    expect(statuses(first.body.Files)).toEqual(['Success']);
    const uids = [...new Set((first.body.Files as FileResult[]).flatMap((file) => file.StudyInstanceUIDs))];
    expect(uids).toHaveLength(1);
    await waitForIndexedStudies(stack, uids);
    await until('the index to count every image', async () => {
      const [row] = await stack.sql<{ n: number }>('select number_of_instances as n from studies where study_instance_uid = $1', uids);
      return row?.n === 64;
    });
    const [study] = await stack.sql<{ patient_id: string; patient_name: string; number_of_instances: number; modalities: string }>(
      'select patient_id, patient_name, number_of_instances from studies where study_instance_uid = $1',
      uids,
    );
    expect(study).toMatchObject({ patient_id: 'SAMPLE-CT-1', patient_name: 'Sample^Chest', number_of_instances: 64 });
    // Generated once into the data folder, then reused: the same study again is already stored.
    expect(existsSync(join(stack.dataDir, 'samples', 'chest-ct-v1'))).toBe(true);
    // At the limit the adapter closes DICOM stores, restarting Orthanc: wait until it is back.
    await until('stores to close', async () => {
      const info = await admin.agent.get(`${API}/service/info`).expect(200);
      return info.body.DatabaseStatus.AcceptingStudies === false;
    });
    await until('Orthanc to listen again', async () => (await fetch(`${stack.config.orthanc.url}/system`).catch(() => null)) !== null);
    // The same study again (Orthanc overwrites its instances): files of a held study are not new ones.
    const again = await importSample(admin, 'chest-ct').expect(200);
    expect(again.body).toMatchObject({ Stored: 64, Failed: 0 });
  });

  it("refuses a new study past the licence's limit, as an upload would", async () => {
    const prior = await importSample(admin, 'chest-ct-prior').expect(200);
    expect(prior.body).toMatchObject({ Stored: 0, Failed: 48 });
    expect(statuses(prior.body.Files)).toEqual([`Failed: ${ERRORS.study_limit.message}`]);
  });

  it("adds nothing to a study outside the caller's scope, and is refused without the import permission", async () => {
    await createReader(admin, {
      id: 'other_importer',
      password: 'other-importer-1',
      role: { name: 'Other importers', permissions: { list: true, list_import: true }, targets: { All: false, Modality: ['MR'] } },
    });
    const importer = await signIn(stack.baseUrl, 'other_importer', 'other-importer-1');
    const outside = await importSample(importer, 'chest-ct').expect(200);
    expect(statuses(outside.body.Files)).toEqual([`Failed: ${IMPORT_MESSAGES.outside_scope}`]);

    await createReader(admin, { id: 'list_only', password: 'list-only-1', role: { name: 'Listers', permissions: { list: true } } });
    const lister = await signIn(stack.baseUrl, 'list_only', 'list-only-1');
    expect((await lister.agent.get(`${API}/import/samples`).expect(403)).body.code).toBe('forbidden');
    expect((await importSample(lister, 'chest-ct').expect(403)).body.code).toBe('forbidden');
  });

  it('answers 400 with the catalogue message for an unknown or missing sample', async () => {
    expect((await importSample(admin, 'brain-mr').expect(400)).body.fields).toEqual({ Id: MESSAGES.invalid });
    expect((await admin.agent.post(`${API}/import/sample`).set(admin.csrf).type('form').send({}).expect(400)).body.fields).toEqual({
      Id: MESSAGES.required,
    });
  });

  it('is refused where the site hides Import sample', async () => {
    const hide = (value: boolean) =>
      admin.agent
        .put(`${API}/configs/replace`)
        .set(admin.csrf)
        .type('form')
        .send({ key: 'is_invisible_import_sample', value: JSON.stringify(value) })
        .expect(200);
    await hide(true);
    try {
      expect((await admin.agent.get(`${API}/import/samples`).expect(403)).body.code).toBe('forbidden');
      expect((await importSample(admin, 'chest-ct').expect(403)).body.code).toBe('forbidden');
    } finally {
      await hide(false);
    }
    await admin.agent.get(`${API}/import/samples`).expect(200);
  });
});
