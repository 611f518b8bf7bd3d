/**
 * The study index survives the adapter being killed at any moment during an ingest: after a
 * restart it holds exactly what Orthanc holds — nothing missing, nothing doubled. With the DICOM
 * front receiver on, the kills also end the modality's association, and what it sends again
 * (the unacknowledged instances) is neither lost nor doubled either.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { orthancStatistics, sendFiles, settled } from '../harness/dicom.ts';
import { generateCt } from '../../scripts/demo/generate-ct.ts';

let stack: Stack;
let dir: string;
beforeAll(async () => {
  stack = await startStack({ adapter: 'child' });
  dir = mkdtempSync(join(tmpdir(), 'pacs-ct-'));
});
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function indexCounts() {
  const [row] = await stack.sql<{ studies: number; series: number; instances: number; summed: number }>(
    `select (select count(*)::int from studies) as studies, (select count(*)::int from series) as series,
            (select count(*)::int from instances) as instances,
            (select coalesce(sum(number_of_instances), 0)::int from studies) as summed`,
  );
  return row!;
}

describe('crash safety', () => {
  it('loses nothing and doubles nothing when the adapter is killed twice during an ingest', async () => {
    const ct = generateCt({ out: dir, slices: 150, size: 256, patientName: 'Crash^Test', patientId: 'CRASH-1' });
    const target = { port: stack.config.dicomPort, callingAet: 'CT_SCANNER' };
    const sending = sendFiles(ct.files, target, { noDelay: false });

    // Kill the adapter (SIGKILL: no cleanup) twice while the ingest is under way: first once the
    // index has begun to fill (its follower, and with the front on the drain, are then mid-way,
    // however fast the receiver answered the modality), then again soon after the restart.
    const indexedAtKill: number[] = [];
    for (const kill of ['once indexing began', 'soon after the restart']) {
      if (kill === 'once indexing began') {
        const until = Date.now() + 30_000;
        while (Date.now() < until && (await indexCounts()).instances === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      } else {
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      await stack.stopAdapter('SIGKILL');
      indexedAtKill.push((await indexCounts()).instances);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await stack.startAdapter();
    }
    const first = await sending;
    // With the DICOM front receiver on (it lives in the adapter), a kill ends the modality's
    // association: the modality sends again what was not acknowledged, as any modality does.
    let left = first.unacknowledged;
    for (let i = 0; i < 5 && left.length > 0; i++) left = (await sendFiles(left, target)).unacknowledged;
    expect(left).toEqual([]);
    await settled(stack.config.dicomPort);
    // The kills really fell in the middle of the ingest (with the front on, the drain gives way
    // while the association is open, so the middle shows in what was acknowledged).
    const middle = (count: number) => count > 0 && count < 150;
    expect(
      indexedAtKill.some(middle) || middle(first.acknowledged.length),
      `indexed at each kill: ${indexedAtKill.join(', ')}; acknowledged before the kill: ${first.acknowledged.length}`,
    ).toBe(true);

    const orthanc = await orthancStatistics(stack.config);
    expect(orthanc.CountInstances).toBe(150);
    let counts = await indexCounts();
    for (let i = 0; i < 100 && counts.instances < orthanc.CountInstances; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      counts = await indexCounts();
    }
    expect(counts).toEqual({ studies: 1, series: 1, instances: 150, summed: 150 });
    const [study] = await stack.sql<{ study_instance_uid: string; ae_title: string; patient_name: string }>('select * from studies');
    expect(study).toMatchObject({ study_instance_uid: ct.studyInstanceUid, ae_title: 'CT_SCANNER', patient_name: 'Crash^Test' });
    // The cursor reached Orthanc's last change.
    const [cursor] = await stack.sql<{ last_seq: number }>('select last_seq from orthanc_changes_cursor');
    const { url, user, password } = stack.config.orthanc;
    const last = (await (
      await fetch(`${url}/changes?last`, { headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') } })
    ).json()) as { Last: number };
    expect(cursor?.last_seq).toBe(last.Last);
  });
});
