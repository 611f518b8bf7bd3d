/**
 * The DICOM front receiver's figures (issue 15 "Speed", docs/decisions.md "A front receiver for
 * DICOM ingest"), on a stack of its own with DICOM_FRONT=on, side by side with dcmtk's storescp
 * in the same run:
 *
 * - front_ingest_small_per_s / front_ingest_ct_per_s: instances/s one storescu association is
 *   acknowledged by the front (the modality's view) with DICOM_FRONT_FSYNC=each (fsync before each
 *   answer); front_group_*: the same with group (fdatasync in groups every ≤ 100 ms and before
 *   the release); front_nosync_*: with off (storescp's own guarantee);
 * - front_storescp_small_per_s / front_storescp_ct_per_s: storescp in the same run;
 * - front_ingest_small_of_storescp / front_ingest_ct_of_storescp: the goal's ratio (≥ 0.5), the
 *   median of each round's front ÷ the storescp round run just before it;
 * - front_small_drained_s / front_ct_drained_s: from the association's start until the spool is
 *   empty (every instance in Orthanc), and front_small_indexed_s / front_ct_indexed_s until the
 *   study index lists them all: what "stored" costs before the archive shows it.
 *
 * Medians of ROUNDS rounds, every value in the notes; never asserted (shared, noisy machines).
 */
import { readdirSync } from 'node:fs';
import { startStack, type Stack } from '../test/harness/stack.ts';
import { spoolFolders } from '../adapter/src/features/dicom-front/spool.ts';
import { parseFsyncMode, type FsyncMode } from '../adapter/src/features/dicom-front/durability.ts';
import { round } from './measure.ts';
import { SMALL_ID, indexReaches, orthanc, smallFiles, storescu, studiesOf, withStorescp } from './dicom.ts';

// BENCH_FRONT_ROUNDS and BENCH_FRONT_KINDS=small,ct narrow a run (profiling one kind: docs/decisions.md).
const ROUNDS = Number(process.env.BENCH_FRONT_ROUNDS ?? '') || 3;
const KINDS = (process.env.BENCH_FRONT_KINDS ?? 'small,ct').split(',');

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const list = (values: number[]) => values.map((v) => round(v, 1)).join(', ');

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

async function until(done: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the front did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function forget(stack: Stack, patientId: string): Promise<void> {
  for (const id of await studiesOf(stack, patientId)) await orthanc(stack, 'DELETE', `/studies/${id}`);
  await indexReaches(stack, patientId, 0, 30_000);
}

export async function benchDicomFront(ct: {
  files: string[];
  patientId: string;
}): Promise<{ figures: Record<string, number>; notes: string[] }> {
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  // Each durability mode (durability.ts); BENCH_FRONT_FSYNC=each,group,off runs some of them.
  const all: FsyncMode[] = ['each', 'group', 'off'];
  const modes = (process.env.BENCH_FRONT_FSYNC ?? '')
    .split(',')
    .map((value) => parseFsyncMode(value))
    .filter((mode): mode is FsyncMode => mode !== undefined);
  for (const fsync of modes.length > 0 ? modes : all) {
    const part = await frontRun(ct, fsync);
    Object.assign(figures, part.figures);
    notes.push(...part.notes);
  }
  return { figures, notes };
}

async function frontRun(
  ct: { files: string[]; patientId: string },
  fsync: FsyncMode,
): Promise<{ figures: Record<string, number>; notes: string[] }> {
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  const prefix = { each: 'front', group: 'front_group', off: 'front_nosync' }[fsync];
  const stack = await startStack({ adapter: 'child', env: { DICOM_FRONT: 'on', DICOM_FRONT_FSYNC: fsync } });
  const spool = spoolFolders(stack.dataDir, stack.config.dicomPort).ready;
  const pending = () => readdirSync(spool).filter((name) => name.endsWith('.dcm')).length;
  try {
    const kinds = [
      { key: 'small', label: '1000 small instances (64×64 CT)', files: smallFiles(), patientId: SMALL_ID },
      { key: 'ct', label: '1000-slice 512×512 CT', files: ct.files, patientId: ct.patientId },
    ];
    for (const kind of kinds.filter((each) => KINDS.includes(each.key))) {
      const ceiling: number[] = [];
      const acknowledged: number[] = [];
      const drained: number[] = [];
      const indexed: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        // storescp just before each round of the front: on a shared machine whose load moves by
        // the minute, the pair sees the same load and the ratio is the median of the pairs'.
        log(`dicom-front: ${kind.label} into storescp, round ${i + 1}…`);
        ceiling.push(await withStorescp(async (port) => kind.files.length / storescu(port, 'BENCHDEST', kind.files)));
        log(`dicom-front: ${kind.label} through the front, round ${i + 1}…`);
        const started = performance.now();
        const seconds = storescu(stack.config.dicomPort, stack.config.dicomAet, kind.files);
        acknowledged.push(kind.files.length / seconds);
        await until(() => pending() === 0, 600_000);
        drained.push((performance.now() - started) / 1000);
        if (!(await indexReaches(stack, kind.patientId, kind.files.length, 600_000)))
          throw new Error(`the index did not list ${kind.patientId}`);
        indexed.push((performance.now() - started) / 1000);
        await forget(stack, kind.patientId);
      }
      figures[`${prefix}_ingest_${kind.key}_per_s`] = round(median(acknowledged), 1);
      figures[`${prefix}_storescp_${kind.key}_per_s`] = round(median(ceiling), 1);
      figures[`${prefix}_ingest_${kind.key}_of_storescp`] = round(median(acknowledged.map((rate, i) => rate / ceiling[i]!)), 3);
      figures[`${prefix}_${kind.key}_drained_s`] = round(median(drained), 2);
      figures[`${prefix}_${kind.key}_indexed_s`] = round(median(indexed), 2);
      notes.push(
        `dicom-front (fsync ${fsync}), ${kind.label}, one storescu association, ${ROUNDS} rounds: acknowledged by the front ${list(acknowledged)}/s ` +
          `(storescp just before each ${list(ceiling)}/s; ratios ${acknowledged.map((rate, i) => round(rate / ceiling[i]!, 2)).join(', ')}); all in Orthanc after ${list(drained)} s, all in the study index after ${list(indexed)} s ` +
          `(${list(indexed.map((s) => kind.files.length / s))} instances/s end to end)`,
      );
    }
    if (fsync === 'each')
      notes.push(
        'dicom-front: with fsync each, each instance is fsynced (file and spool folder) before its C-STORE-RSP; storescp does not fsync.',
      );
  } finally {
    await stack.stop();
  }
  return { figures, notes };
}
