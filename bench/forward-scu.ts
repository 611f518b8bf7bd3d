/**
 * Where a forward's time goes, and what the levers would give (issue 15, "Speed"; `--only=forwardscu`).
 * For the 1,000 small instances and the 1,000-slice CT, in the same rounds, against storescu
 * sending the same files straight to a storescp:
 * - the product's forward (bench/forward.ts: route to finished);
 * - Orthanc's reads alone: every `GET /instances/{id}/file`, four in flight, nothing sent;
 * - the adapter's SCU (adapter/src/features/forward/scu.ts) reading those files from Orthanc's
 *   REST API, four reads ahead of the send;
 * - the same SCU reading the files as the product's forward does: from Orthanc's storage folder at
 *   the locations our study index recorded (`instances.file_uuid`, through stored-files.ts's
 *   OrthancStorage), else from Orthanc's REST API. Since the forward runs on this SCU, this is the
 *   product's send without its route, rows and heartbeats. Orthanc's own index is never read.
 */
import { join } from 'node:path';
import { storeFiles, type ScuTarget } from '../adapter/src/features/forward/scu.ts';
import { READ_AHEAD, READ_AHEAD_BYTES } from '../adapter/src/features/forward/forward.service.ts';
import { OrthancStorage, releaseRead } from '../adapter/src/features/dicomweb/stored-files.ts';
import { OrthancClient } from '../adapter/src/orthanc/client.ts';
import type { Stack } from '../test/harness/stack.ts';
import { forEachForwardKind, orthanc, storescu, studiesOf, withStorescp } from './dicom.ts';
import { productForwardSeconds, signInForForward } from './forward.ts';
import { round } from './measure.ts';

const ROUNDS = 3;
/** Orthanc's REST reads in flight (the reads alone, and the SCU fed by them). */
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
  const storage = new OrthancStorage(
    new OrthancClient(stack.config.orthanc.url, stack.config.orthanc.user, stack.config.orthanc.password),
    join(stack.dataDir, 'orthanc', 'storage'),
  );
  const session = await signInForForward(stack);
  await forEachForwardKind(stack, ct, async (kind) => {
    const [study] = await studiesOf(stack, kind.patientId);
    const detail = (await orthanc(stack, 'GET', `/studies/${study}`)) as { MainDicomTags: { StudyInstanceUID: string } };
    const ids = ((await orthanc(stack, 'GET', `/studies/${study}/instances`)) as { ID: string }[]).map((item) => item.ID);
    const rows = await stack.sql<{ orthanc_id: string; file_uuid: string | null; file_size: number }>(
      'select orthanc_id, file_uuid, file_size from instances where orthanc_id = any($1)',
      [ids],
    );
    const locations = new Map(rows.map((row) => [row.orthanc_id, row.file_uuid ? { uuid: row.file_uuid, size: row.file_size } : null]));
    // As the product's forward reads (forward.service.ts readInstance): small files on this thread, the rest asynchronously.
    const fromDisk = async (id: string, signal: AbortSignal) => {
      const location = locations.get(id) ?? null;
      return storage.readRecordedSync(id, location) ?? (await storage.readWhole(id, location)) ?? fromRest(id, signal);
    };
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
        const scu = (read: (id: string, signal: AbortSignal) => Promise<Buffer>, ahead: { window: number; windowBytes?: number }) =>
          storeFiles(target, ids, read, {
            ...ahead,
            sizeOf: (id) => locations.get(id)?.size,
            release: releaseRead,
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
        rates.rest.push(n / (await seconds(() => scu(fromRest, { window: WINDOW }))));
        rates.disk.push(n / (await seconds(() => scu(fromDisk, { window: READ_AHEAD, windowBytes: READ_AHEAD_BYTES }))));
        rates.direct.push(n / storescu(port, 'BENCHDEST', kind.files));
      });
    }
    const ratio = (values: number[]) => round(median(values.map((v, i) => v / rates.direct[i]!)), 3);
    figures[`forward_${kind.key}_ratio`] = ratio(rates.product);
    figures[`forward_scu_rest_${kind.key}_ratio`] = ratio(rates.rest);
    figures[`forward_scu_storage_${kind.key}_ratio`] = ratio(rates.disk);
    figures[`orthanc_reads_${kind.key}_ratio`] = ratio(rates.reads);
    notes.push(
      `forwardscu, ${kind.label}, ${ROUNDS} rounds, instances/s: product forward ${list(rates.product)}; Orthanc reads alone ` +
        `(${WINDOW} in flight) ${list(rates.reads)}; adapter SCU reading Orthanc's REST ${list(rates.rest)}; adapter SCU reading ` +
        `Orthanc's storage as the forward does ${list(rates.disk)}; storescu straight to storescp ${list(rates.direct)}`,
    );
  });

  return { figures, notes };
}
