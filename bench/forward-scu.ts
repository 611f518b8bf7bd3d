/**
 * Where a forward's time goes, and what the levers would give (issue 15, "Speed"; `--only=forwardscu`).
 * For the 1,000 small instances and the 1,000-slice CT, in the same rounds, against storescu
 * sending the same files straight to a storescp:
 * - the product's forward (bench/forward.ts: Orthanc's store job, route to finished);
 * - Orthanc's reads alone: every `GET /instances/{id}/file`, four in flight, nothing sent;
 * - the adapter's SCU (adapter/src/features/forward/scu.ts) reading those files from Orthanc's
 *   REST API, four reads ahead of the send;
 * - the same SCU reading the files from Orthanc's storage folder, their attachment names taken in
 *   one query from Orthanc's PostgreSQL index: the ceiling of an SCU that bypasses Orthanc's
 *   per-instance read. A measurement only: the product does not read Orthanc's tables.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { storeFiles, type ScuTarget } from '../adapter/src/features/forward/scu.ts';
import { ORTHANC_INDEX_DATABASE } from '../adapter/src/db/databases.ts';
import type { Stack } from '../test/harness/stack.ts';
import { forget, indexReaches, orthanc, smallFiles, SMALL_ID, storescu, studiesOf, withStorescp } from './dicom.ts';
import { productForwardSeconds, signInForForward } from './forward.ts';
import { round } from './measure.ts';

const ROUNDS = 3;
const WINDOW = 4;
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const list = (values: number[]) => values.map((v) => round(v, 1)).join(', ');

async function seconds(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

export async function benchForwardScu(
  stack: Stack,
  ct: { files: string[]; patientId: string },
): Promise<{ figures: Record<string, number>; notes: string[] }> {
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  const auth = 'Basic ' + Buffer.from(`${stack.config.orthanc.user}:${stack.config.orthanc.password}`).toString('base64');
  const fromRest = async (id: string, signal: AbortSignal) => {
    const response = await fetch(`${stack.config.orthanc.url}/instances/${id}/file`, { headers: { authorization: auth }, signal });
    if (!response.ok) throw new Error(`Orthanc answered ${response.status} for instance ${id}`);
    return Buffer.from(await response.arrayBuffer());
  };
  const index = new pg.Client({ ...stack.config.pg, database: ORTHANC_INDEX_DATABASE });
  index.on('error', () => undefined);
  await index.connect();
  const session = await signInForForward(stack);
  try {
    for (const kind of [
      { key: 'small', label: '1000 small instances (64×64 CT)', files: smallFiles(), patientId: SMALL_ID },
      { key: 'ct', label: '1000-slice 512×512 CT', files: ct.files, patientId: ct.patientId },
    ]) {
      await forget(stack, kind.patientId, true);
      storescu(stack.config.dicomPort, stack.config.dicomAet, kind.files);
      if (!(await indexReaches(stack, kind.patientId, kind.files.length))) throw new Error(`the index did not list ${kind.patientId}`);
      const [study] = await studiesOf(stack, kind.patientId);
      const detail = (await orthanc(stack, 'GET', `/studies/${study}`)) as { MainDicomTags: { StudyInstanceUID: string } };
      const ids = ((await orthanc(stack, 'GET', `/studies/${study}/instances`)) as { ID: string }[]).map((item) => item.ID);
      const { rows } = await index.query<{ publicid: string; uuid: string }>(
        `select r.publicid, a.uuid from resources r join attachedfiles a on a.id = r.internalid and a.filetype = 1
          where r.publicid = any($1)`,
        [ids],
      );
      const paths = new Map(
        rows.map((row) => [row.publicid, join(stack.dataDir, 'orthanc', 'storage', row.uuid.slice(0, 2), row.uuid.slice(2, 4), row.uuid)]),
      );
      const fromDisk = (id: string) => readFile(paths.get(id)!);
      const rates = { product: [] as number[], reads: [] as number[], rest: [] as number[], disk: [] as number[], direct: [] as number[] };
      const n = kind.files.length;
      for (let i = 0; i < ROUNDS; i++) {
        await withStorescp(async (port) => {
          const target: ScuTarget = {
            host: '127.0.0.1',
            port,
            callingAet: stack.config.dicomAet,
            calledAet: 'BENCHDEST',
            timeoutMs: 30_000,
          };
          const scu = (read: (id: string, signal: AbortSignal) => Promise<Buffer>) =>
            storeFiles(target, ids, read, {
              window: WINDOW,
              onResult: (result) => {
                if (result.status !== 0) throw new Error(`${result.sopInstanceUid} not stored: ${result.reason}`);
              },
            });
          rates.product.push(
            n / (await productForwardSeconds(stack, session, detail.MainDicomTags.StudyInstanceUID, { port, calledAet: 'BENCHDEST' })),
          );
          let next = 0;
          const readAll = () =>
            Promise.all(
              Array.from({ length: WINDOW }, async () => {
                while (next < ids.length) await fromRest(ids[next++]!, new AbortController().signal);
              }),
            );
          rates.reads.push(n / (await seconds(readAll)));
          rates.rest.push(n / (await seconds(() => scu(fromRest))));
          rates.disk.push(n / (await seconds(() => scu(fromDisk))));
          rates.direct.push(n / storescu(port, 'BENCHDEST', kind.files));
        });
      }
      await forget(stack, kind.patientId, true);
      const ratio = (values: number[]) => round(median(values.map((v, i) => v / rates.direct[i]!)), 3);
      figures[`forward_${kind.key}_ratio`] = ratio(rates.product);
      figures[`forward_scu_rest_${kind.key}_ratio`] = ratio(rates.rest);
      figures[`forward_scu_storage_${kind.key}_ratio`] = ratio(rates.disk);
      figures[`orthanc_reads_${kind.key}_ratio`] = ratio(rates.reads);
      notes.push(
        `forwardscu, ${kind.label}, ${ROUNDS} rounds, instances/s: product forward ${list(rates.product)}; Orthanc reads alone ` +
          `(${WINDOW} in flight) ${list(rates.reads)}; adapter SCU reading Orthanc's REST ${list(rates.rest)}; adapter SCU reading ` +
          `Orthanc's storage ${list(rates.disk)}; storescu straight to storescp ${list(rates.direct)}`,
      );
    }
  } finally {
    await index.end().catch(() => undefined);
  }
  return { figures, notes };
}
