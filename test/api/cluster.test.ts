/**
 * The cluster (issue 18, "Cluster"): 2 Orthanc nodes on one PostgreSQL index, 2 adapter replicas
 * and nginx in front, started by the code `ORTHANC_NODES=2 ADAPTER_REPLICAS=2 npm start` uses.
 * 1,000 small instances go in by storescu, alternately to each node's DICOM port (the same studies
 * on both nodes at once), while browser-like readers search and fetch frames through nginx.
 * Mid-way the replica holding the study index's follower and the second Orthanc node are
 * SIGKILLed; the other replica must take the follower over within seconds, what the dead node did
 * not acknowledge is sent again to the live one, as a modality would, and in the end the study
 * index must equal Orthanc's content exactly: nothing lost, nothing doubled. Before that, a
 * forward (sent by the replica asked) started through one replica is followed to its end through the other,
 * and echoes to both nodes are counted once though both replicas follow both nodes' logs.
 * With the DICOM front receiver on (the harness follows DICOM_FRONT), replica k answers node k's
 * DICOM port: the killed replica's port is closed until it is started again (as npm start's
 * supervisor does), the resend goes to the live replica's port, and the restarted replica drains
 * what its front had acknowledged before it died. Every front publishes its spool's counts, so the
 * server status through either replica shows both fronts, and an association held open on one
 * front counts in the peaks with the other front's; a replica killed at the end is shown as not reporting
 * within the stale bound, its association no longer listed, until it is started again.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidUid } from '../../scripts/demo/generate-ct.ts';
import { spoolFolders } from '../../adapter/src/features/dicom-front/spool.ts';
import type { AssociationStatisticsRow, DicomConnectionState, ForwardJob, SendDestination, ServerStatus } from '@pacs/common';
import { freePort, sleep } from '../../scripts/services/process.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { startCluster, type Cluster } from '../harness/cluster.ts';
import { sendFiles, tinyInstance } from '../harness/dicom.ts';
import { holdAssociation } from '../harness/dicom-association.ts';
import { startStorescp } from '../harness/network.ts';

const STUDIES = 50;
const PER_STUDY = 20;
const READERS = 4;

interface Sent {
  study: string;
  series: string;
  sop: string;
  file: string;
}

let cluster: Cluster;
let folder: string;
let storescp: ChildProcess | undefined;
const sent: Sent[] = [];

beforeAll(async () => {
  cluster = await startCluster({ orthancNodes: 2, adapters: 2 });
  folder = mkdtempSync(join(tmpdir(), 'pacs-cluster-files-'));
  for (let s = 0; s < STUDIES; s++) {
    const study = uuidUid(`cluster-${s}`, 'study');
    const series = uuidUid(`cluster-${s}`, 'series');
    for (let i = 0; i < PER_STUDY; i++) {
      const sop = uuidUid(`cluster-${s}-${i}`, 'instance');
      const file = join(folder, `${s}-${i}.dcm`);
      const place = { patientId: `CL${s}`, patientName: `Cluster^${s}`, studyUid: study, seriesUid: series, sopUid: sop };
      writeFileSync(file, tinyInstance({ ...place, seriesNumber: 1, instanceNumber: i + 1 }));
      sent.push({ study, series, sop, file });
    }
  }
}, 180_000);

afterAll(async () => {
  storescp?.kill();
  await cluster?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Files waiting in a front's spool folder (none when it does not exist). */
function spoolFiles(ready: string): number {
  return existsSync(ready) ? readdirSync(ready).filter((name) => name.endsWith('.dcm')).length : 0;
}

/** A reader as the browser is one: search the list, open a study, fetch a frame; every answer counted. */
async function read(session: Session, until: () => boolean, tally: { ok: number; notYet: number; failed: string[]; ms: number[] }) {
  while (!until()) {
    const started = performance.now();
    try {
      const search = await session.agent.get(`${API}/studies/search`).query({ limit: 20 });
      if (search.status !== 200) throw new Error(`search ${search.status}`);
      tally.ms.push(performance.now() - started);
      const items = (search.body as { Items: { StudyInstanceUID: string }[] }).Items;
      const pick = items[Math.floor(Math.random() * items.length)];
      const one = sent.find((each) => each.study === pick?.StudyInstanceUID);
      if (one) {
        const frame = await session.agent
          .get(`${API}/dicom-web/studies/${one.study}/series/${one.series}/instances/${one.sop}/frames/1`)
          .set('Accept', 'multipart/related; type="application/octet-stream"');
        // The study is listed, this instance of it not yet indexed: a 404, as for a browser.
        if (frame.status === 404) tally.notYet++;
        else if (frame.status !== 200)
          throw new Error(
            `frame ${frame.status} ${String((frame.body as { code?: string } | undefined)?.code ?? frame.text?.slice(0, 40))}`,
          );
      }
      tally.ok++;
    } catch (error) {
      tally.failed.push(error instanceof Error ? error.message : String(error));
    }
  }
}

describe('a cluster of 2 Orthanc nodes and 2 adapters behind nginx', () => {
  it('runs a forward whichever replica is asked, its progress seen through the other, with the destination on every node', async () => {
    const received = join(folder, 'received');
    mkdirSync(received);
    const port = await freePort();
    storescp = await startStorescp(['-aet', 'REMOTE', '-od', received], port);
    const [viaFirst, viaSecond] = await Promise.all(cluster.adapterUrls.map((url) => signIn(url, 'admin', cluster.adminPassword)));
    const destination = (
      await viaFirst!.agent
        .post(`${API}/sendsettings/create`)
        .set(viaFirst!.csrf)
        .type('form')
        .send({ Name: 'Remote', IPAddress: '127.0.0.1', Port: String(port), CalledAETitle: 'REMOTE', CallingAETitle: 'PACS' })
        .expect(200)
    ).body as SendDestination;
    const modalities = await Promise.all([0, 1].map((k) => cluster.orthanc<string[]>(k, '/modalities')));
    expect(modalities[0]).toContain(`pacs-dest-${destination.No}`);
    expect(modalities[1], 'pushed to every node').toEqual(modalities[0]);

    // The first study, sent to the second node; the main test sends it again (acknowledged, not doubled).
    const first = sent.slice(0, PER_STUDY);
    expect(
      (
        await sendFiles(
          first.map((each) => each.file),
          { port: cluster.ports.nodes[1]!.dicom },
        )
      ).unacknowledged,
    ).toEqual([]);
    while (Number((await cluster.sql<{ n: string }>('select count(*) as n from instances'))[0]!.n) < PER_STUDY) await sleep(200);
    const [job] = (
      await viaFirst!.agent
        .post(`${API}/forward/create`)
        .set(viaFirst!.csrf)
        .send({ Destination: destination.No, Items: [{ StudyInstanceUID: first[0]!.study }] })
        .expect(200)
    ).body as ForwardJob[];
    let seen: ForwardJob | undefined;
    for (let i = 0; i < 300 && !seen?.FinishedAt; i++) {
      await sleep(200);
      seen = ((await viaSecond!.agent.get(`${API}/forward/all`).expect(200)).body as ForwardJob[]).find((each) => each.Id === job!.Id);
    }
    expect(seen, 'progress read through the other replica').toMatchObject({
      State: 'success',
      InstancesTotal: PER_STUDY,
      InstancesFailed: 0,
    });
    expect(readdirSync(received)).toHaveLength(PER_STUDY);
  }, 120_000);

  it('counts the associations of both nodes once, both replicas following both nodes’ logs', async () => {
    const echo = (node: number) =>
      spawnSync('echoscu', ['-aet', 'CLUSTER_ECHO', '-aec', 'PACS', '127.0.0.1', String(cluster.ports.nodes[node]!.dicom)]).status;
    expect([echo(0), echo(0), echo(1)]).toEqual([0, 0, 0]);
    // With the fronts on, each node's port was answered by its replica's front (its spool exists).
    for (const node of cluster.ports.nodes) expect(existsSync(spoolFolders(cluster.dataDir, node.dicom).ready)).toBe(cluster.dicomFront);
    const sessions = await Promise.all(cluster.adapterUrls.map((url) => signIn(url, 'admin', cluster.adminPassword)));
    const accepted = async (session: Session) => {
      const rows = (await session.agent.get(`${API}/dicomconnections/statistics`).query({ unit: 'year' }).expect(200))
        .body as AssociationStatisticsRow[];
      return rows.at(-1)?.AETitles.find((each) => each.AETitle === 'CLUSTER_ECHO')?.Accepted ?? 0;
    };
    for (let i = 0; i < 60 && (await accepted(sessions[0]!)) < 3; i++) await sleep(250);
    // Both replicas have read both logs by now (they poll every second): still three, not six.
    await sleep(2500);
    expect(await Promise.all(sessions.map(accepted))).toEqual([3, 3]);

    // An association held open on the second node's port is listed by both replicas (with the
    // fronts on, only the second replica holds it: the list is every front's, from PostgreSQL).
    const held = await holdAssociation(cluster.ports.nodes[1]!.dicom, 'CLUSTER_HOLD', 'PACS');
    try {
      expect(held.answer).toBe(0x02);
      const holders = async () =>
        Promise.all(
          sessions.map(async (session) => {
            const state = (await session.agent.get(`${API}/dicomconnections/state`).expect(200)).body as DicomConnectionState;
            return (state.Associations ?? []).filter((each) => each.AETitle === 'CLUSTER_HOLD').length;
          }),
        );
      let seen = await holders();
      for (let i = 0; i < 40 && seen.join() !== '1,1'; i++) {
        await sleep(250);
        seen = await holders();
      }
      expect(seen, 'listed once by each replica').toEqual([1, 1]);

      // A second one from the same AE title on the first node's port (the first replica's front):
      // the peak either replica reads counts both, though each front holds one of them.
      const second = await holdAssociation(cluster.ports.nodes[0]!.dicom, 'CLUSTER_HOLD', 'PACS');
      try {
        expect(second.answer).toBe(0x02);
        const peaks = async (session: Session) => {
          const rows = (await session.agent.get(`${API}/dicomconnections/statistics`).query({ unit: 'year' }).expect(200))
            .body as AssociationStatisticsRow[];
          const last = rows.at(-1);
          return { all: last?.Peak ?? 0, hold: last?.AETitles.find((each) => each.AETitle === 'CLUSTER_HOLD')?.Peak ?? 0 };
        };
        // The front writes a count after its acknowledgement, and the year's bucket may already
        // hold a peak of 2 from the tests before: with the fronts on, the caller's own peak is
        // what says the second association has been counted.
        const counted = (peak: { all: number; hold: number }) => peak.all >= 2 && (!cluster.dicomFront || peak.hold >= 2);
        let peak = await peaks(sessions[0]!);
        for (let i = 0; i < 40 && !counted(peak); i++) {
          await sleep(250);
          peak = await peaks(sessions[0]!);
        }
        expect(peak.all, 'the peak of all callers, read through the first replica').toBeGreaterThanOrEqual(2);
        // Orthanc's logs count a caller's associations per node; the fronts count them over every front.
        if (cluster.dicomFront) expect(peak.hold, "the caller's peak over both fronts").toBe(2);
        expect(await peaks(sessions[1]!)).toEqual(peak);
      } finally {
        await second.release();
      }
    } finally {
      await held.release();
    }
  });

  it('shows every front’s spool on the server status, whichever replica is asked', async () => {
    const sessions = await Promise.all(cluster.adapterUrls.map((url) => signIn(url, 'admin', cluster.adminPassword)));
    const status = async (session: Session) =>
      ((await session.agent.get(`${API}/server/status`).expect(200)).body as ServerStatus).DicomFront;
    if (!cluster.dicomFront) {
      expect(await Promise.all(sessions.map(status))).toEqual([null, null]);
      return;
    }
    // The first test sent one study (PER_STUDY instances) to the second node's port: its front
    // handed them over; the first front none. Each replica reads the other's counts as last published.
    const expected = {
      Pending: 0,
      Failed: 0,
      Stored: PER_STUDY,
      // By port (the free ports the harness took need not be in the nodes' order).
      Fronts: cluster.ports.nodes
        .map((node, k) => ({ Port: node.dicom, Pending: 0, Failed: 0, Stored: k === 1 ? PER_STUDY : 0, Reporting: true }))
        .sort((a, b) => a.Port - b.Port)
        .map((front) => expect.objectContaining(front)),
    };
    let seen = await Promise.all(sessions.map(status));
    for (let i = 0; i < 60 && !seen.every((each) => each?.Stored === PER_STUDY && each.Fronts.length === 2); i++) {
      await sleep(250);
      seen = await Promise.all(sessions.map(status));
    }
    expect(seen[0], 'through the first replica').toEqual(expected);
    expect(seen[1], 'through the second replica').toEqual(expected);
  });

  it('ingests 1,000 instances through a replica and a node crashing, and the index ends equal to Orthanc', async () => {
    const sessions = await Promise.all(Array.from({ length: READERS }, () => signIn(cluster.baseUrl, 'admin', cluster.adminPassword)));
    let done = false;
    const tally = { ok: 0, notYet: 0, failed: [] as string[], ms: [] as number[] };
    const readers = Promise.all(sessions.map((session) => read(session, () => done, tally)));

    // Each node gets every other instance: the same studies arrive on both nodes at once.
    const started = performance.now();
    const halves = [0, 1].map((node) => sent.filter((_, i) => i % 2 === node).map((each) => each.file));
    const sending = halves.map((files, node) => sendFiles(files, { port: cluster.ports.nodes[node]!.dicom }));

    // Mid-way: kill the follower's replica and the second node. With the fronts on, what they
    // acknowledged is in Orthanc or still in their spools (the drain gives way while they receive).
    const spooled = () =>
      cluster.dicomFront ? cluster.ports.nodes.reduce((n, node) => n + spoolFiles(spoolFolders(cluster.dataDir, node.dicom).ready), 0) : 0;
    const stats = async () => (await cluster.orthanc<{ CountInstances: number }>(0, '/statistics')).CountInstances + spooled();
    while ((await stats()) < 300) await sleep(100);
    let holder: number | undefined;
    while ((holder = await cluster.followerHolder()) === undefined) await sleep(100);
    const killedAt = performance.now();
    await Promise.all([cluster.killAdapter(holder), cluster.killOrthanc(1)]);
    let taker: number | undefined;
    while ((taker = await cluster.followerHolder()) === undefined || taker === holder) {
      expect(performance.now() - killedAt, 'the follower moved to the other replica').toBeLessThan(15_000);
      await sleep(100);
    }
    const takeoverMs = performance.now() - killedAt;

    // What was not acknowledged goes to a live port, until all is acknowledged: the live node's,
    // or with the fronts on the live replica's (the killed one's port is closed meanwhile).
    const [live, dead] = await Promise.all(sending);
    let resend = [...live!.unacknowledged, ...dead!.unacknowledged];
    const refused = resend.length;
    const livePort = cluster.ports.nodes[cluster.dicomFront ? 1 - holder : 0]!.dicom;
    for (let attempt = 0; resend.length > 0 && attempt < 5; attempt++) {
      resend = (await sendFiles(resend, { port: livePort })).unacknowledged;
    }
    expect(resend, 'every instance acknowledged in the end').toEqual([]);
    const storedMs = performance.now() - started;
    // The killed replica comes back, as under npm start's supervisor; its front drains its spool.
    await cluster.restartAdapter(holder);

    // The index catches up with Orthanc: the same instances, series and studies, each once.
    const indexed = async () => Number((await cluster.sql<{ n: string }>('select count(*) as n from instances'))[0]!.n);
    const deadline = Date.now() + 90_000;
    while (((await indexed()) < sent.length || spooled() > 0) && Date.now() < deadline) await sleep(250);
    const caughtUpMs = performance.now() - started;
    done = true;
    await readers;

    const orthancIds = async (level: string) => (await cluster.orthanc<string[]>(0, `/${level}`)).sort();
    const indexIds = async (table: string) =>
      (await cluster.sql<{ id: string }>(`select orthanc_id as id from ${table} order by 1`)).map((row) => row.id);
    const statistics = await cluster.orthanc<{ CountStudies: number; CountSeries: number; CountInstances: number }>(0, '/statistics');
    expect(statistics).toMatchObject({ CountStudies: STUDIES, CountSeries: STUDIES, CountInstances: sent.length });
    for (const [level, table] of [
      ['instances', 'instances'],
      ['series', 'series'],
      ['studies', 'studies'],
    ] as const) {
      expect(await indexIds(table), `the index's ${table} are Orthanc's`).toEqual(await orthancIds(level));
    }
    const sops = await cluster.sql<{ sop: string }>('select sop_instance_uid as sop from instances order by 1');
    expect(sops.map((row) => row.sop)).toEqual(sent.map((each) => each.sop).sort());
    const skipped = await cluster.sql<{ n: string }>('select count(*) as n from index_skipped_changes');
    expect(Number(skipped[0]!.n), 'no change was skipped').toBe(0);

    // Readers went on through both deaths.
    const ms = tally.ms.sort((a, b) => a - b);
    const figures = {
      stored_s: Math.round(storedMs / 100) / 10,
      index_caught_up_s: Math.round(caughtUpMs / 100) / 10,
      refused_then_resent: refused,
      follower_takeover_ms: Math.round(takeoverMs),
      reader_rounds: tally.ok,
      reader_frames_not_yet_indexed: tally.notYet,
      reader_failures: tally.failed.length,
      search_p95_ms: Math.round(ms[Math.floor(ms.length * 0.95)] ?? 0),
    };
    console.log(`cluster: ${JSON.stringify(figures)}${tally.failed.length ? ` failures: ${tally.failed.join('; ')}` : ''}`);
    expect(tally.ok).toBeGreaterThan(20);
    // While a node and a replica die, no reader sees a failure: nginx gives a read that found the
    // killed replica to the other one, and the adapter gives a read that found the dead node to the
    // live one (orthanc/read-nodes.ts). How many rounds ran is a figure above.
    expect(tally.failed, 'no reader request failed').toEqual([]);
    // Once it is over, every reader reads again: a search and a frame each, all answered.
    const indexedSop = sent[sent.length - 1]!;
    for (const session of sessions) {
      await session.agent.get(`${API}/studies/search`).query({ limit: 20 }).expect(200);
      await session.agent
        .get(`${API}/dicom-web/studies/${indexedSop.study}/series/${indexedSop.series}/instances/${indexedSop.sop}/frames/1`)
        .set('Accept', 'multipart/related; type="application/octet-stream"')
        .expect(200);
    }

    // Through the front, after it all: the list is whole.
    const after = await sessions[0]!.agent.get(`${API}/studies/search`).query({ limit: 1 });
    expect(after.body.Count).toBe(STUDIES);
  }, 300_000);

  it('shows a dead replica’s front as not reporting and stops listing its associations, until it is back', async () => {
    if (!cluster.dicomFront) return;
    const viaFirst = await signIn(cluster.adapterUrls[0]!, 'admin', cluster.adminPassword);
    const secondPort = cluster.ports.nodes[1]!.dicom;
    const held = await holdAssociation(secondPort, 'CLUSTER_DEAD', 'PACS');
    expect(held.answer).toBe(0x02);
    const listed = async () => {
      const state = (await viaFirst.agent.get(`${API}/dicomconnections/state`).expect(200)).body as DicomConnectionState;
      return (state.Associations ?? []).some((each) => each.AETitle === 'CLUSTER_DEAD');
    };
    const second = async () =>
      ((await viaFirst.agent.get(`${API}/server/status`).expect(200)).body as ServerStatus).DicomFront?.Fronts.find(
        (each) => each.Port === secondPort,
      );
    for (let i = 0; i < 40 && !(await listed()); i++) await sleep(250);
    expect(await listed(), 'listed while its replica lives').toBe(true);

    // The second replica dies holding it (its socket closes with it; its row stays behind).
    const killedAt = performance.now();
    await cluster.killAdapter(1);
    held.abort();
    while ((await second())?.Reporting !== false) {
      expect(performance.now() - killedAt, 'not reporting within the stale bound').toBeLessThan(45_000);
      await sleep(500);
    }
    const silentMs = performance.now() - killedAt;
    expect(await listed(), 'a dead front’s association is not listed').toBe(false);
    expect(await second(), 'its last counts stay').toMatchObject({ Reporting: false, Stored: expect.any(Number) });
    // A live replica's heartbeat removes the dead front's rows.
    let rows = await cluster.sql<{ n: string }>('select count(*) as n from dicom_front_open_associations where front = $1', [
      String(secondPort),
    ]);
    for (let i = 0; i < 40 && Number(rows[0]!.n) > 0; i++) {
      await sleep(250);
      rows = await cluster.sql<{ n: string }>('select count(*) as n from dicom_front_open_associations where front = $1', [
        String(secondPort),
      ]);
    }
    expect(Number(rows[0]!.n)).toBe(0);

    await cluster.restartAdapter(1);
    for (let i = 0; i < 40 && (await second())?.Reporting !== true; i++) await sleep(250);
    expect(await second(), 'reporting again once restarted').toMatchObject({ Reporting: true });
    console.log(`cluster: ${JSON.stringify({ dead_front_not_reporting_after_s: Math.round(silentMs / 100) / 10 })}`);
  }, 120_000);
});
