/**
 * The DICOMweb proxy (QIDO, WADO-RS, WADO-URI, rendered) over pydicom's sample files, against a
 * real Orthanc: answers equal Orthanc's own, byte for byte, with and without Orthanc's storage
 * folder.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles } from '../harness/dicom.ts';
import { waitForStudies } from '../harness/fixtures.ts';
import { PYDICOM, searchStudies, startSampleArchive } from '../harness/sample-archive.ts';
import { generateCt } from '../../scripts/demo/generate-ct.ts';

let stack: Stack;
let admin: Session;
let studyCount = 0;

beforeAll(async () => {
  ({ stack, admin, studyCount } = await startSampleArchive());
});
afterAll(async () => {
  await stack?.stop();
});

const search = (query: Record<string, string | string[]>) => searchStudies(admin, query);

/**
 * The proxy's frames (WADO-RS) and files (WADO-URI) of CT_small (explicit VR little endian: read
 * from the stored file, or Orthanc's raw frame) and JPGExtended (JPEG: Orthanc's DICOMweb plugin)
 * equal Orthanc's own answers byte for byte.
 */
/** The parts of a multipart answer, in order (every part declares its Content-Length). */
function multipartParts(body: Buffer, contentType: string | null | undefined): Buffer[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType ?? '')?.[2];
  expect(boundary, `no boundary in ${contentType}`).toBeTruthy();
  const parts: Buffer[] = [];
  for (let at = body.indexOf(`--${boundary}`); body.toString('latin1', at + boundary!.length + 2, at + boundary!.length + 4) !== '--';) {
    const headersEnd = body.indexOf('\r\n\r\n', at);
    const length = Number(/content-length:\s*(\d+)/i.exec(body.toString('latin1', at, headersEnd))?.[1]);
    expect(Number.isInteger(length)).toBe(true);
    parts.push(body.subarray(headersEnd + 4, headersEnd + 4 + length));
    at = body.indexOf(`--${boundary}`, headersEnd + 4 + length);
    expect(at).toBeGreaterThan(0);
  }
  return parts;
}

const WHOLE_SERIES = 'multipart/related; type="application/dicom"; transfer-syntax=*';

async function expectAnswersAsOrthanc(target: Stack, session: Session): Promise<void> {
  const auth = 'Basic ' + Buffer.from(`${target.config.orthanc.user}:${target.config.orthanc.password}`).toString('base64');
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
  const ourBytes = (url: string, headers: Record<string, string> = {}) =>
    session.agent
      .get(url)
      .set(headers)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  /** The body of a one-part multipart answer, and the syntax its part declares. */
  const part = (body: Buffer) => {
    const boundary = body.toString('latin1', 2, body.indexOf('\r\n'));
    const start = body.indexOf('\r\n\r\n') + 4;
    const end = body.lastIndexOf(`\r\n--${boundary}--`);
    return { data: body.subarray(start, end), syntax: /transfer-syntax=([0-9.]+)/.exec(body.toString('latin1', 0, start))?.[1] };
  };
  // CT_small: explicit VR little endian (the raw route); JPGExtended: JPEG (Orthanc's DICOMweb plugin).
  for (const [name, syntax] of [
    ['CompressedSamples^CT1', '1.2.840.10008.1.2.1'],
    ['CompressedSamples^NM1', '1.2.840.10008.1.2.4.51'],
  ] as const) {
    const [study] = (await session.agent.get(`${API}/studies/search`).query({ PatientName: name }).expect(200)).body.Items;
    expect(study, name).toBeDefined();
    const uid = study!.StudyInstanceUID as string;
    const series = (await session.agent.get(`${API}/series/fromstudy`).query({ uid }).expect(200)).body[0];
    const [instance] = (await session.agent.get(`${API}/instances/fromseries`).query({ uid: series.SeriesInstanceUID })).body;
    const path = `/studies/${uid}/series/${series.SeriesInstanceUID}/instances/${instance.SOPInstanceUID}/frames/1`;
    const accept = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';
    const ours = await ourBytes(`${API}/dicom-web${path}`, { accept });
    const theirs = await fetch(`${target.config.orthanc.url}/dicom-web${path}`, { headers: { authorization: auth, accept } });
    expect(ours.status).toBe(200);
    expect(ours.headers['content-type']).toContain(`transfer-syntax=${syntax}`);
    const [mine, orthanc] = [part(ours.body as Buffer), part(await bytes(theirs))];
    expect(mine.syntax).toBe(syntax);
    expect(mine.data.length).toBeGreaterThan(1000);
    expect(mine.data.equals(orthanc.data), `${name}: frame bytes differ from Orthanc's`).toBe(true);
    // A second frame of a single-frame instance does not exist.
    const missing = await ourBytes(`${API}/dicom-web${path.replace(/1$/, '2')}`, { accept });
    expect([400, 404]).toContain(missing.status);

    const query = new URLSearchParams({
      requestType: 'WADO',
      studyUID: uid,
      seriesUID: series.SeriesInstanceUID,
      objectUID: instance.SOPInstanceUID,
      contentType: 'application/dicom',
    });
    const file = await ourBytes(`${API}/wado?${query.toString()}`);
    expect(file.headers['content-type']).toBe('application/dicom');
    const direct = await fetch(`${target.config.orthanc.url}/wado?${query.toString().replace(/%2F/g, '/')}`, {
      headers: { authorization: auth },
    });
    expect((file.body as Buffer).equals(await bytes(direct)), `${name}: file bytes differ from Orthanc's`).toBe(true);

    // The whole series as stored: the same file, as the plugin's own series answer carries it.
    const seriesPath = `/studies/${uid}/series/${series.SeriesInstanceUID}`;
    const whole = await ourBytes(`${API}/dicom-web${seriesPath}`, { accept: WHOLE_SERIES });
    expect(whole.status).toBe(200);
    const plugin = await fetch(`${target.config.orthanc.url}/dicom-web${seriesPath}`, {
      headers: { authorization: auth, accept: WHOLE_SERIES },
    });
    const theirParts = multipartParts(await bytes(plugin), plugin.headers.get('content-type'));
    const ourParts = multipartParts(whole.body as Buffer, whole.headers['content-type']);
    expect(ourParts.length).toBe(1);
    expect(ourParts[0]!.equals(theirParts[0]!), `${name}: series answer differs from Orthanc's`).toBe(true);
  }
}

describe('DICOMweb proxy', () => {
  it('answers QIDO from Orthanc through the session', async () => {
    const response = await admin.agent.get(`${API}/dicom-web/studies`).query({ PatientName: 'CompressedSamples*' }).expect(200);
    expect(response.headers['content-type']).toMatch(/application\/dicom\+json/);
    expect(response.body.length).toBeGreaterThanOrEqual(2);
    await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  });

  it('streams WADO-RS metadata with URLs pointing back to the proxy, and whole files by WADO-URI', async () => {
    const [study] = (await search({ PatientName: 'CompressedSamples^CT1' })).Items;
    const uid = study!.StudyInstanceUID as string;
    const series = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid }).expect(200)).body[0];
    const [instance] = (await admin.agent.get(`${API}/instances/fromseries`).query({ uid: series.SeriesInstanceUID })).body;
    const metadata = await admin.agent.get(`${API}/dicom-web/studies/${uid}/series/${series.SeriesInstanceUID}/metadata`).expect(200);
    expect(metadata.body[0]['00080018'].Value[0]).toBe(instance.SOPInstanceUID);
    expect(JSON.stringify(metadata.body)).not.toMatch(/:\/\/[^/]+\/dicom-web\//);

    const file = await admin.agent
      .get(`${API}/wado`)
      .query({
        requestType: 'WADO',
        studyUID: uid,
        seriesUID: series.SeriesInstanceUID,
        objectUID: instance.SOPInstanceUID,
        contentType: 'application/dicom',
      })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((file.body as Buffer).toString('latin1', 128, 132)).toBe('DICM');

    const frame = await admin.agent
      .get(`${API}/dicom-web/studies/${uid}/series/${series.SeriesInstanceUID}/instances/${instance.SOPInstanceUID}/frames/1`)
      .set('Accept', 'multipart/related; type="application/octet-stream"; transfer-syntax=*')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    // CT_small is 128×128 16-bit: the frame part carries its 32 KiB.
    expect((frame.body as Buffer).length).toBeGreaterThan(128 * 128 * 2);
  });

  it('answers frames and files byte for byte as Orthanc does, natively encoded or compressed', async () => {
    await expectAnswersAsOrthanc(stack, admin);
  });

  it('serves an instance sent again from its new file (Orthanc replaces the stored file)', async () => {
    const [study] = (await search({ PatientName: 'CompressedSamples^CT1' })).Items;
    const uid = study!.StudyInstanceUID as string;
    const series = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid }).expect(200)).body[0];
    const [instance] = (await admin.agent.get(`${API}/instances/fromseries`).query({ uid: series.SeriesInstanceUID })).body;
    const query = {
      requestType: 'WADO',
      studyUID: uid,
      seriesUID: series.SeriesInstanceUID,
      objectUID: instance.SOPInstanceUID,
      contentType: 'application/dicom',
    };
    const file = () =>
      admin.agent
        .get(`${API}/wado`)
        .query(query)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
    await file().expect(200);
    const auth = 'Basic ' + Buffer.from(`${stack.config.orthanc.user}:${stack.config.orthanc.password}`).toString('base64');
    const [orthancId] = (await (
      await fetch(`${stack.config.orthanc.url}/tools/lookup`, {
        method: 'POST',
        headers: { authorization: auth },
        body: instance.SOPInstanceUID,
      })
    ).json()) as { ID: string }[];
    const uuidOf = async () =>
      (
        (await (
          await fetch(`${stack.config.orthanc.url}/instances/${orthancId!.ID}/attachments/dicom/info`, { headers: { authorization: auth } })
        ).json()) as { Uuid: string }
      ).Uuid;
    const firstUuid = await uuidOf();
    expect(
      (await storeFiles([`${PYDICOM}/test_files/CT_small.dcm`], { port: stack.config.dicomPort, callingAet: 'MODALITY1' })).failed,
    ).toEqual([]);
    expect(await uuidOf()).not.toBe(firstUuid);
    // The remembered path is gone: the answer is still the whole instance as Orthanc now has it.
    const stored = Buffer.from(
      await (
        await fetch(`${stack.config.orthanc.url}/instances/${orthancId!.ID}/file`, { headers: { authorization: auth } })
      ).arrayBuffer(),
    );
    for (let i = 0; i < 2; i++) expect(((await file().expect(200)).body as Buffer).equals(stored)).toBe(true);
  });

  it('answers a whole series as stored in one multipart answer, in instance number order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'series-'));
    try {
      const { studyInstanceUid } = generateCt({
        out: dir,
        slices: 5,
        size: 32,
        studyUidSeed: 'series-retrieve',
        patientName: 'Series^Retrieve',
      });
      // Sent last slice first: Orthanc keeps them in arrival order, the answer follows the index.
      const files = readdirSync(dir)
        .sort()
        .reverse()
        .map((file) => join(dir, file));
      expect((await storeFiles(files, { port: stack.config.dicomPort, callingAet: 'MODALITY1' })).failed).toEqual([]);
      await waitForStudies(admin, ++studyCount);
      const series = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid: studyInstanceUid }).expect(200)).body[0];
      const instances = (await admin.agent.get(`${API}/instances/fromseries`).query({ uid: series.SeriesInstanceUID }).expect(200))
        .body as { SOPInstanceUID: string; InstanceNumber: number }[];
      expect(instances.map((instance) => instance.InstanceNumber)).toEqual([1, 2, 3, 4, 5]);
      const path = `${API}/dicom-web/studies/${studyInstanceUid}/series/${series.SeriesInstanceUID}`;
      const answer = await admin.agent
        .get(path)
        .set('Accept', WHOLE_SERIES)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const parts = multipartParts(answer.body as Buffer, answer.headers['content-type']);
      const auth = 'Basic ' + Buffer.from(`${stack.config.orthanc.user}:${stack.config.orthanc.password}`).toString('base64');
      expect(parts.length).toBe(5);
      for (const [at, instance] of instances.entries()) {
        const [found] = (await (
          await fetch(`${stack.config.orthanc.url}/tools/lookup`, {
            method: 'POST',
            headers: { authorization: auth },
            body: instance.SOPInstanceUID,
          })
        ).json()) as { ID: string }[];
        const stored = Buffer.from(
          await (
            await fetch(`${stack.config.orthanc.url}/instances/${found!.ID}/file`, { headers: { authorization: auth } })
          ).arrayBuffer(),
        );
        expect(parts[at]!.equals(stored), `part ${at + 1} is not instance ${instance.InstanceNumber}`).toBe(true);
      }
      // The files are found where the study index recorded them: Orthanc's FileUuid of each instance.
      const recorded = await stack.sql<{ orthanc_id: string; file_uuid: string }>(
        `select i.orthanc_id, i.file_uuid from instances i join series s on s.id = i.series_id where s.series_instance_uid = $1`,
        [series.SeriesInstanceUID],
      );
      for (const row of recorded) {
        const info = (await (
          await fetch(`${stack.config.orthanc.url}/instances/${row.orthanc_id}/attachments/dicom/info`, {
            headers: { authorization: auth },
          })
        ).json()) as { Uuid: string };
        expect(row.file_uuid).toBe(info.Uuid);
      }
      // Another Accept goes to Orthanc's plugin (here: the default syntax), and a series outside the study is 404.
      await admin.agent.get(path).set('Accept', 'multipart/related; type="application/dicom"').expect(200);
      await admin.agent.get(`${API}/dicom-web/studies/${studyInstanceUid}/series/1.2.3.999`).set('Accept', WHOLE_SERIES).expect(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a whole series true to Orthanc as it changes: an instance added, a tag edited, an instance in the bin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'series-changes-'));
    try {
      const { studyInstanceUid } = generateCt({
        out: dir,
        slices: 4,
        size: 32,
        studyUidSeed: 'series-changes',
        patientName: 'Series^Changes',
      });
      const files = readdirSync(dir)
        .sort()
        .map((file) => join(dir, file));
      const store = async (paths: string[]) =>
        expect((await storeFiles(paths, { port: stack.config.dicomPort, callingAet: 'MODALITY1' })).failed).toEqual([]);
      const auth = 'Basic ' + Buffer.from(`${stack.config.orthanc.user}:${stack.config.orthanc.password}`).toString('base64');
      const orthancFile = async (orthancId: string) =>
        Buffer.from(
          await (
            await fetch(`${stack.config.orthanc.url}/instances/${orthancId}/file`, { headers: { authorization: auth } })
          ).arrayBuffer(),
        );
      const indexed = () =>
        stack.sql<{ orthanc_id: string; file_uuid: string | null }>(
          `select i.orthanc_id, i.file_uuid from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
            where st.study_instance_uid = $1 and i.trashed_at is null order by i.instance_number`,
          [studyInstanceUid],
        );
      const until = async (ready: () => Promise<boolean>) => {
        for (let i = 0; i < 200 && !(await ready()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      };
      /** The series answer equals Orthanc's files of the instances not in the bin, in order. */
      const expectSeriesAsOrthanc = async (count: number) => {
        const rows = await indexed();
        expect(rows.length).toBe(count);
        const seriesUid = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid: studyInstanceUid }).expect(200)).body[0]
          .SeriesInstanceUID as string;
        const answer = await admin.agent
          .get(`${API}/dicom-web/studies/${studyInstanceUid}/series/${seriesUid}`)
          .set('Accept', WHOLE_SERIES)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          })
          .expect(200);
        const parts = multipartParts(answer.body as Buffer, answer.headers['content-type']);
        expect(parts.length).toBe(count);
        for (const [at, row] of rows.entries()) expect(parts[at]!.equals(await orthancFile(row.orthanc_id)), `part ${at + 1}`).toBe(true);
        return { seriesUid, rows, parts };
      };

      await store(files.slice(0, 3));
      await waitForStudies(admin, ++studyCount);
      await until(async () => (await indexed()).length === 3);
      await expectSeriesAsOrthanc(3);

      // An instance added to the series shows up.
      await store(files.slice(3));
      await until(async () => (await indexed()).length === 4);
      const before = await expectSeriesAsOrthanc(4);

      // An edit writes new files (new attachment UUIDs; the old files are deleted): the answer carries the new value.
      await admin.agent
        .patch(`${API}/studies/edit`)
        .set(admin.csrf)
        .send({ StudyInstanceUID: studyInstanceUid, Tags: { StudyDescription: 'Edited for the series answer' } })
        .expect(200);
      await until(async () => (await indexed()).every((row, at) => row.file_uuid !== before.rows[at]?.file_uuid));
      const edited = await expectSeriesAsOrthanc(4);
      // The edit re-read the study (Indexer.collectStudy): every file's new location is recorded.
      expect(edited.rows.every((row, at) => row.file_uuid !== null && row.file_uuid !== before.rows[at]?.file_uuid)).toBe(true);
      expect(edited.parts.every((part) => part.includes(Buffer.from('Edited for the series answer')))).toBe(true);

      // An instance moved to the bin is left out.
      const [second] = (await admin.agent.get(`${API}/instances/fromseries`).query({ uid: edited.seriesUid }).expect(200)).body.slice(
        1,
      ) as {
        SOPInstanceUID: string;
      }[];
      await admin.agent
        .post(`${API}/studies/delete`)
        .set(admin.csrf)
        .send({
          Items: [{ StudyInstanceUID: studyInstanceUid, SeriesInstanceUID: edited.seriesUid, SOPInstanceUID: second!.SOPInstanceUID }],
        })
        .expect(200);
      const binned = await expectSeriesAsOrthanc(3);
      expect(binned.rows.map((row) => row.orthanc_id)).not.toContain(edited.rows[1]!.orthanc_id);

      // The series list names the instance list's first instance (the viewer's first file), and
      // the next one once that one is in the bin.
      const firstNamed = async () => {
        const [listed] = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid: studyInstanceUid }).expect(200)).body;
        const instances = (await admin.agent.get(`${API}/instances/fromseries`).query({ uid: edited.seriesUid }).expect(200)).body as {
          SOPInstanceUID: string;
        }[];
        return { named: listed.FirstSOPInstanceUID as string, listed: instances.map((instance) => instance.SOPInstanceUID) };
      };
      const named = await firstNamed();
      expect(named.named).toBe(named.listed[0]);
      await admin.agent
        .post(`${API}/studies/delete`)
        .set(admin.csrf)
        .send({ Items: [{ StudyInstanceUID: studyInstanceUid, SeriesInstanceUID: edited.seriesUid, SOPInstanceUID: named.named }] })
        .expect(200);
      expect((await firstNamed()).named).toBe(named.listed[1]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders an instance for a browser image request (Orthanc refuses the browser Accept list)', async () => {
    const [study] = (await search({ PatientName: 'CompressedSamples^CT1' })).Items;
    const uid = study!.StudyInstanceUID as string;
    const series = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid }).expect(200)).body[0];
    const [instance] = (await admin.agent.get(`${API}/instances/fromseries`).query({ uid: series.SeriesInstanceUID })).body;
    const rendered = await admin.agent
      .get(`${API}/dicom-web/studies/${uid}/series/${series.SeriesInstanceUID}/instances/${instance.SOPInstanceUID}/rendered`)
      .set('Accept', 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')
      .expect(200);
    expect(rendered.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 for studies that do not exist or paths outside studies, and 401 without a session', async () => {
    await admin.agent.get(`${API}/dicom-web/studies/1.2.3.999/series`).expect(404);
    await admin.agent.get(`${API}/dicom-web/studies/1.2.3.999/metadata`).expect(404);
    await admin.agent.get(`${API}/dicom-web/studies/not-a-uid/metadata`).expect(404);
    await admin.agent.get(`${API}/dicom-web/tools/find`).expect(404);
    await admin.agent.get(`${API}/wado`).query({ requestType: 'WADO', studyUID: '1.2.3.999', objectUID: '1.2' }).expect(404);
    const anonymous = await fetch(`${stack.baseUrl}${API}/dicom-web/studies`);
    expect(anonymous.status).toBe(401);
  });
});

describe("DICOMweb proxy without Orthanc's storage folder", () => {
  it("answers the same bytes through Orthanc's own routes", async () => {
    const relayed = await startStack({ env: { ORTHANC_STORAGE_DIR: '' } });
    try {
      const session = await signIn(relayed.baseUrl, 'admin', relayed.adminPassword);
      const files = ['CT_small.dcm', 'JPGExtended.dcm'].map((file) => `${PYDICOM}/test_files/${file}`);
      expect((await storeFiles(files, { port: relayed.config.dicomPort })).failed).toEqual([]);
      await waitForStudies(session, 2);
      await expectAnswersAsOrthanc(relayed, session);
    } finally {
      await relayed.stop();
    }
  });
});
