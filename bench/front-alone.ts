/**
 * The front receiver alone (no Orthanc, no drain): its listener and spool in this process, one
 * storescu association of the given files (`--dir=`, default the bench's 1,000 small instances),
 * printing instances/s. For profiling the receiver's own path:
 *   node --cpu-prof --import tsx bench/front-alone.ts --fsync=off --dir=bench/out/cache/ct-a
 * Never asserted; figures go to docs/decisions.md by hand.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DicomFront } from '../adapter/src/features/dicom-front/front.ts';
import { prepareSpool, spoolFolders } from '../adapter/src/features/dicom-front/spool.ts';
import { parseFsyncMode } from '../adapter/src/features/dicom-front/durability.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((each) => each.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const dir = arg('dir', 'bench/out/cache/small');
const fsync = parseFsyncMode(arg('fsync', 'each'))!;
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.dcm'))
  .map((name) => join(dir, name));
const data = mkdtempSync(join(tmpdir(), 'front-alone-'));
const folders = spoolFolders(data, 0);
await prepareSpool(folders);
const front = new DicomFront({
  host: '127.0.0.1',
  port: 0,
  orthancPort: 1,
  folders,
  fsync,
  artimMs: 30_000,
  idleMs: 30_000,
  decide: () => Promise.resolve({ accept: true, mayStore: true, mayEcho: true }),
  spooled: () => undefined,
});
await front.listen();
const started = performance.now();
const child = spawn('storescu', ['-aet', 'BENCH', '-aec', 'PACS', '127.0.0.1', String(front.port), ...files], {
  stdio: 'ignore',
  env: { ...process.env, TCP_NODELAY: '1' },
});
child.on('error', (error) => console.error(error));
const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
const seconds = (performance.now() - started) / 1000;
console.log(`${files.length} instances from ${dir}, fsync ${fsync}: ${(files.length / seconds).toFixed(1)}/s (storescu exit ${code})`);
await front.close();
await front.settled();
rmSync(data, { recursive: true, force: true });
