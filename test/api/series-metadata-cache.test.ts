/**
 * The adapter's cache of DICOMweb series metadata (adapter/src/features/dicomweb/metadata-cache.ts)
 * against a real Orthanc and PostgreSQL: an answer is revalidated by ETag, never served after the
 * series changed (an instance added, a tag edited, an instance deleted), and never to a caller who
 * may not see the study, even while it is held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyInstance, tinyStudyUids } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
let outsider: Session;
const A = tinyStudyUids('metadata-cache-a');

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    { seed: 'metadata-cache-a', patientName: 'Cache^Alpha', patientId: 'MC-A', institutionName: 'North' },
  ]);
  await createReader(admin, {
    id: 'southreader',
    password: 'reader-pass-1',
    role: { name: 'South readers', permissions: { list: true, viewer: true }, targets: { All: false, InstitutionName: ['South'] } },
  });
  outsider = await signIn(stack.baseUrl, 'southreader', 'reader-pass-1');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const metadataPath = `${API}/dicom-web/studies/${A.study}/series/${A.series}/metadata`;
type Item = Record<string, { Value?: unknown[] } | undefined>;
const sopsOf = (items: Item[]) => items.map((item) => String(item['00080018']?.Value?.[0])).sort();

function metadata(session: Session, headers: Record<string, string> = {}) {
  return session.agent.get(metadataPath).set({ accept: 'application/dicom+json', ...headers });
}

/** Sends an instance of series A straight to Orthanc and waits until the index counts `count` instances. */
async function addInstance(sop: string, count: number): Promise<void> {
  const { url, user, password } = stack.config.orthanc;
  const file = tinyInstance({
    patientId: 'MC-A',
    patientName: 'Cache^Alpha',
    studyUid: A.study,
    seriesUid: A.series,
    sopUid: sop,
    seriesNumber: 1,
    instanceNumber: count,
  });
  const response = await fetch(`${url}/instances`, {
    method: 'POST',
    headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64'), 'content-type': 'application/dicom' },
    body: new Uint8Array(file),
  });
  expect(response.status).toBe(200);
  await waitForCount(count);
}

async function orthancMetadata(): Promise<Item[]> {
  const { url, user, password } = stack.config.orthanc;
  const response = await fetch(`${url}/dicom-web/studies/${A.study}/series/${A.series}/metadata`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64'), accept: 'application/dicom+json' },
  });
  return (await response.json()) as Item[];
}

async function waitForCount(count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await stack.sql<{ n: number }>('select number_of_instances as n from series where series_instance_uid = $1', [A.series]);
    if (row?.n === count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`series A did not reach ${count} instances in the index`);
}

describe('series metadata cache', () => {
  it('answers as Orthanc does, revalidates by ETag, and follows new instances', async () => {
    const first = await metadata(admin).expect(200);
    expect(sopsOf(first.body as Item[])).toEqual([A.instance]);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    // URLs inside (bulk data) point at the proxy, never at Orthanc.
    expect(first.text).not.toContain('series-metadata.invalid');
    expect(first.text).not.toContain(stack.config.orthanc.url);
    await metadata(admin, { 'if-none-match': etag }).expect(304);

    const second = '2.25.4242424242424242424242001';
    await addInstance(second, 2);
    const after = await metadata(admin, { 'if-none-match': etag }).expect(200);
    expect(sopsOf(after.body as Item[])).toEqual([A.instance, second].sort());
    expect(after.headers.etag).not.toBe(etag);
  });

  it('never serves a held answer to a caller who may not see the study', async () => {
    await metadata(admin).expect(200);
    await metadata(outsider).expect(404);
    const held = (await metadata(admin)).headers.etag as string;
    await metadata(outsider, { 'if-none-match': held }).expect(404);
  });

  it('serves an edited series as edited', async () => {
    const held = (await metadata(admin).expect(200)).body as Item[];
    const numbers = (items: Item[]) => items.map((item) => Number(item['00200013']?.Value?.[0])).sort((a, b) => a - b);
    expect(numbers(held)).toEqual([1, 2]);
    await admin.agent
      .patch(`${API}/instances/edit`)
      .set(admin.csrf)
      .send({ StudyInstanceUID: A.study, SeriesInstanceUID: A.series, SOPInstanceUID: A.instance, Tags: { InstanceNumber: '7' } })
      .expect(200);
    const items = (await metadata(admin).expect(200)).body as Item[];
    expect(numbers(items)).toEqual([2, 7]);
    expect(items).toEqual(await orthancMetadata());
  });

  it('answers 404 once the study is in the recycle bin, and after it is deleted for good', async () => {
    const before = sopsOf((await metadata(admin).expect(200)).body as Item[]);
    expect(before).toHaveLength(2);
    // The recycle bin, then a permanent delete, as an administrator does.
    await admin.agent
      .post(`${API}/studies/delete`)
      .set(admin.csrf)
      .send({ Items: [{ StudyInstanceUID: A.study }] })
      .expect(200);
    await metadata(admin).expect(404);
    const bin = (await admin.agent.get(`${API}/trashbox/studies`).expect(200)).body as {
      Items: { Id: number; StudyInstanceUID: string }[];
    };
    const entry = bin.Items.find((item) => item.StudyInstanceUID === A.study)!;
    await admin.agent.delete(`${API}/trashbox/delete`).query({ id: entry.Id }).set(admin.csrf).expect(200);
    await metadata(admin).expect(404);
  });
});
