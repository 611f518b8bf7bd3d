/**
 * docker-compose.yml's processes run natively with exactly the environments it gives them
 * (test/harness/compose-native.ts says what is mapped): Orthanc starts from the template with the
 * settings `prepare` wrote and its index in the database `prepare` created, every service passes its
 * own health check, and the adapter signs in and lists a study sent to the published DICOM port,
 * which the adapter's DICOM front receiver answers (Orthanc listens on its internal port), its
 * spool on the dicom-front volume.
 */
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, signIn } from '../harness/api.ts';
import { environment, service } from '../harness/compose.ts';
import { startComposeNatively, type NativeCompose } from '../harness/compose-native.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import { waitForStudies } from '../harness/fixtures.ts';

const DOT_ENV = { PG_PASSWORD: 'pg-compose-1', ORTHANC_PASSWORD: 'orthanc-compose-1', ADMIN_PASSWORD: 'compose-admin-1' };
let stack: NativeCompose;

beforeAll(async () => {
  stack = await startComposeNatively(DOT_ENV);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

async function orthancGet<T>(path: string): Promise<T> {
  const env = stack.orthancEnv();
  const response = await fetch(`http://127.0.0.1:${stack.ports.orthanc}${path}`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${env.ORTHANC_USER}:${env.ORTHANC_PASSWORD}`).toString('base64') },
  });
  return (await response.json()) as T;
}

describe('the compose stack, run natively with compose’s environments', () => {
  it('starts Orthanc from the template with its plugins and the AE title and internal DICOM port `prepare` wrote', async () => {
    const system = await orthancGet<{ DicomAet: string; DicomPort: number; Version: string }>('/system');
    expect(system).toMatchObject({ DicomAet: 'PACS', DicomPort: stack.ports.dicomInternal, Version: '1.10.1' });
    expect(await orthancGet<string[]>('/plugins')).toEqual(expect.arrayContaining(['dicom-web', 'worklists', 'postgresql-index']));
  });

  it('passes every service’s own health check', () => {
    expect(stack.healthCheck('adapter', stack.adapterEnv())).toBe(0);
    expect(stack.healthCheck('orthanc', stack.orthancEnv())).toBe(0);
    const db = environment(service(stack.compose, 'postgres'));
    // The postgres image's server listens on 5432 in its container: PGPORT maps it here.
    expect(stack.healthCheck('postgres', { ...db, PGPORT: String(stack.ports.postgres), PATH: process.env.PATH! })).toBe(0);
    // And they fail when their service does not answer.
    expect(stack.healthCheck('adapter', { ...stack.adapterEnv(), PORT: String(stack.ports.dicom) })).not.toBe(0);
    expect(stack.healthCheck('orthanc', { ...stack.orthancEnv(), ORTHANC_PASSWORD: 'wrong' })).not.toBe(0);
  });

  it('signs the first administrator in, lists a study sent to the published DICOM port and serves its file', async () => {
    const admin = await signIn(stack.adapterUrl, 'admin', DOT_ENV.ADMIN_PASSWORD);
    const empty = await admin.agent.get(`${API}/studies/search`).query({ limit: 10 });
    expect(empty.status).toBe(200);
    expect(empty.body.Count).toBe(0);

    const sent = join(stack.root, 'study.dcm');
    writeFileSync(sent, tinyStudy({ seed: 'compose', patientName: 'Compose^Check', patientId: 'C-1', modality: 'CT' }));
    expect((await storeFiles([sent], { port: stack.ports.dicom, aet: 'PACS' })).failed).toEqual([]);
    await waitForStudies(admin, 1);
    const listed = await admin.agent.get(`${API}/studies/search`).query({ limit: 10 });
    expect(listed.body.Items).toHaveLength(1);
    expect(JSON.stringify(listed.body.Items[0])).toContain('Compose^Check');
    // The association, read from Orthanc's log on the shared volume (--logfile, --verbose-dicom).
    const deadline = Date.now() + 15_000;
    let associations: { Accepted: number; AETitles: { AETitle: string }[] }[] = [];
    while (Date.now() < deadline && associations.at(-1)?.Accepted !== 1) {
      associations = (await admin.agent.get(`${API}/dicomconnections/statistics`).query({ unit: 'year' }).expect(200)).body;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(associations.at(-1)?.AETitles.map((each) => each.AETitle)).toEqual(['STORESCU']);
    // Received by the front into its spool on the volume, then handed to Orthanc: nothing waits.
    const spool = join(stack.hostPath(service(stack.compose, 'adapter'), '/var/lib/pacs/dicom-front'), String(stack.ports.dicom), 'spool');
    expect(readdirSync(spool).filter((name) => name.endsWith('.dcm'))).toEqual([]);
    expect(readFileSync(join(spool, '..', 'front.pid'), 'utf8').trim()).not.toBe('');

    // The viewer's path: the DICOMweb proxy to Orthanc, the file read from the storage volume.
    const uids = tinyStudyUids('compose');
    const file = await admin.agent
      .get(`${API}/dicom-web/studies/${uids.study}/series/${uids.series}/instances/${uids.instance}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^multipart\/related/);
    expect((file.body as Buffer).includes(Buffer.from('DICM'))).toBe(true);
  });

  it('keeps Orthanc’s index in the database `prepare` created in the postgres service', async () => {
    const env = stack.orthancEnv();
    const client = new pg.Client({
      host: '127.0.0.1',
      port: stack.ports.postgres,
      user: env.ORTHANC_PG_USER,
      password: env.ORTHANC_PG_PASSWORD,
      database: env.ORTHANC_PG_DATABASE,
    });
    await client.connect();
    try {
      // The study sent above: patient, study, series, instance (the plugin counts levels from 0).
      const { rows } = await client.query<{ n: string }>('select count(*) as n from resources group by resourcetype order by resourcetype');
      expect(rows.map((row) => Number(row.n))).toEqual([1, 1, 1, 1]);
    } finally {
      await client.end();
    }
  });

  it('keeps Orthanc’s files on the storage volume the adapter reads, and network.json in the shared folder', () => {
    const env = stack.adapterEnv();
    expect(existsSync(env.ORTHANC_STORAGE_DIR!)).toBe(true);
    expect(execFileSync('find', [env.ORTHANC_STORAGE_DIR!, '-type', 'f'], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(1);
    const network = JSON.parse(readFileSync(env.ORTHANC_NETWORK_FILE!, 'utf8')) as { DicomAet: string; DicomPort: number };
    expect(network).toMatchObject({ DicomAet: 'PACS', DicomPort: stack.ports.dicomInternal });
  });
});
