/**
 * The processes docker-compose.yml runs, started natively with exactly the environments it gives
 * them (README "Docker Compose"): the `prepare` step, Orthanc reading the template itself with its
 * placeholders in its environment, and the adapter with the image's and compose's environment.
 * What a container would change is mapped, and only that: service host names become 127.0.0.1,
 * container ports become free ports, container paths become folders of a temporary directory (a
 * named volume is one folder, the template's bind mount a symbolic link), and the image's plugin
 * folder is Debian's. PostgreSQL is the harness's, set up as the postgres service's variables say.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type RunningPostgres } from '../../scripts/services/postgres.ts';
import { orthancAnswers } from '../../scripts/services/orthanc.ts';
import { dieWithParent, freePort, spawnLogged, stopChild, waitFor } from '../../scripts/services/process.ts';
import { API, signIn } from '../harness/api.ts';
import { environment, imageEnvironment, mounts, readCompose, repoRoot, service, type ComposeService } from '../harness/compose.ts';
import { tinyStudy, storeFiles } from '../harness/dicom.ts';
import { waitForStudies } from '../harness/fixtures.ts';

const root = mkdtempSync(join(tmpdir(), 'pacs-compose-'));
chmodSync(root, 0o711);
const DEBIAN_PLUGINS = '/usr/share/orthanc/plugins';
const processes: ChildProcess[] = [];
let postgres: RunningPostgres | undefined;

const ports = { postgres: 0, orthanc: 0, adapter: 0, dicom: 0 };
const DOT_ENV = { PG_PASSWORD: 'pg-compose-1', ORTHANC_PASSWORD: 'orthanc-compose-1', ADMIN_PASSWORD: 'compose-admin-1' };
let compose: ReturnType<typeof readCompose>;

/** A named volume: one folder, shared by every service that mounts it. */
function volumeDir(name: string): string {
  const dir = join(root, 'volumes', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Where a path inside a service's container lies here: on its mount, or in the image's own files. */
function hostPath(of: ComposeService, path: string, imageDirs: Record<string, string>): string {
  const mount = mounts(of)
    .filter((candidate) => path === candidate.target || path.startsWith(`${candidate.target}/`))
    .sort((a, b) => b.target.length - a.target.length)[0];
  if (mount) {
    const base = mount.type === 'volume' ? volumeDir(mount.source) : resolve(repoRoot, mount.source);
    return base + path.slice(mount.target.length);
  }
  for (const [inImage, here] of Object.entries(imageDirs)) {
    if (path === inImage || path.startsWith(`${inImage}/`)) return here + path.slice(inImage.length);
  }
  throw new Error(`no native place for the container path ${path}`);
}

/** A container's environment with its host names, ports and paths mapped to this machine. */
function nativeEnv(of: ComposeService, base: Record<string, string>, imageDirs: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    env[name] = value.startsWith('/') ? hostPath(of, value, imageDirs) : value;
  }
  return env;
}

function adapterEnv(name: 'adapter' | 'prepare'): Record<string, string> {
  const of = service(compose, name);
  const env = nativeEnv(of, { ...imageEnvironment(), ...environment(of) }, { '/var/lib/pacs': join(root, `${name}-fs`) });
  const orthancUrl = new URL(env.ORTHANC_URL!);
  expect(orthancUrl.hostname).toBe('orthanc');
  expect([env.PG_HOST, env.PG_PORT, env.PORT]).toEqual(['postgres', '5432', '8080']);
  return {
    ...env,
    PG_HOST: '127.0.0.1',
    PG_PORT: String(ports.postgres),
    ORTHANC_URL: `http://127.0.0.1:${ports.orthanc}`,
    PORT: String(ports.adapter),
    PATH: process.env.PATH!,
    HOME: join(root, `${name}-fs`),
  };
}

function orthancEnv(): Record<string, string> {
  const of = service(compose, 'orthanc');
  const env = nativeEnv(of, environment(of), { '/usr/local/share/orthanc/plugins': DEBIAN_PLUGINS });
  expect(env.ORTHANC_HTTP_PORT).toBe('8042');
  return { ...env, ORTHANC_HTTP_PORT: String(ports.orthanc), PATH: process.env.PATH! };
}

function spawnService(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawnLogged(...dieWithParent('SIGKILL', command, args), join(root, `${name}.log`), { env, cwd: repoRoot });
  processes.push(child);
  return child;
}

beforeAll(async () => {
  [ports.postgres, ports.orthanc, ports.adapter, ports.dicom] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  // The DICOM port is .env's choice, published as the same number: no mapping needed.
  compose = readCompose({ ...DOT_ENV, DICOM_PORT: String(ports.dicom) });

  const db = environment(service(compose, 'postgres'));
  postgres = await startPostgres({
    dataDir: join(volumeDir('postgres-data'), 'pgdata'),
    port: ports.postgres,
    user: db.POSTGRES_USER!,
    password: db.POSTGRES_PASSWORD!,
    database: db.POSTGRES_DB!,
    logFile: join(root, 'postgres.log'),
    ephemeral: true,
  });

  // `prepare`: its chown is moot here (every folder is ours); the script runs as it does there.
  const prepare = service(compose, 'prepare');
  const script = prepare.entrypoint!.at(-1)!.split(' --import tsx ')[1]!;
  execFileSync(process.execPath, ['--import', 'tsx', script], { env: adapterEnv('prepare'), cwd: repoRoot, stdio: 'pipe' });

  const orthanc = service(compose, 'orthanc');
  const configDir = hostPath(orthanc, orthanc.command![0]!.replace(/\/$/, ''), {});
  // The template's bind mount inside the configuration volume.
  symlinkSync(hostPath(orthanc, `${orthanc.command![0]}orthanc.json`, {}), join(configDir, 'orthanc.json'));
  const oEnv = orthancEnv();
  const orthancChild = spawnService('orthanc', 'Orthanc', [configDir], oEnv);
  await waitFor(
    'Orthanc',
    () => orthancAnswers(`http://127.0.0.1:${ports.orthanc}`, oEnv.ORTHANC_USER!, oEnv.ORTHANC_PASSWORD!),
    60_000,
    orthancChild,
    join(root, 'orthanc.log'),
  );

  const aEnv = adapterEnv('adapter');
  const adapterChild = spawnService('adapter', process.execPath, ['--import', 'tsx', join(repoRoot, 'adapter/src/main.ts')], aEnv);
  await waitFor(
    'adapter',
    async () => (await fetch(`http://127.0.0.1:${ports.adapter}/viewer/api/product/info`)).ok,
    120_000,
    adapterChild,
    join(root, 'adapter.log'),
  );
}, 240_000);

afterAll(async () => {
  for (const child of processes.reverse()) await stopChild(child, 'SIGTERM', 30_000).catch(() => undefined);
  await postgres?.stop().catch(() => undefined);
  if (!process.env.KEEP_TEST_DATA) rmSync(root, { recursive: true, force: true });
});

/** Runs a service's compose health check here, with its mapped environment. */
function healthCheck(name: string, env: Record<string, string>): number {
  const [kind, ...command] = service(compose, name).healthcheck!.test;
  const [file, args] = kind === 'CMD-SHELL' ? ['sh', ['-c', command.join(' ')]] : [command[0]!, command.slice(1)];
  try {
    execFileSync(file, args, { env, stdio: 'pipe', timeout: 10_000 });
    return 0;
  } catch (error) {
    return (error as { status?: number }).status ?? 1;
  }
}

describe('the compose stack, run natively with compose’s environments', () => {
  it('starts Orthanc from the template with the AE title and DICOM port `prepare` wrote', async () => {
    const env = orthancEnv();
    const system = (await (
      await fetch(`http://127.0.0.1:${ports.orthanc}/system`, {
        headers: { authorization: 'Basic ' + Buffer.from(`${env.ORTHANC_USER}:${env.ORTHANC_PASSWORD}`).toString('base64') },
      })
    ).json()) as { DicomAet: string; DicomPort: number; Version: string };
    expect(system).toMatchObject({ DicomAet: 'PACS', DicomPort: ports.dicom, Version: '1.10.1' });
    const plugins = (await (
      await fetch(`http://127.0.0.1:${ports.orthanc}/plugins`, {
        headers: { authorization: 'Basic ' + Buffer.from(`${env.ORTHANC_USER}:${env.ORTHANC_PASSWORD}`).toString('base64') },
      })
    ).json()) as string[];
    expect(plugins).toEqual(expect.arrayContaining(['dicom-web', 'worklists']));
  });

  it('passes every service’s own health check', () => {
    expect(healthCheck('adapter', adapterEnv('adapter'))).toBe(0);
    expect(healthCheck('orthanc', orthancEnv())).toBe(0);
    const db = environment(service(compose, 'postgres'));
    // The postgres image's server listens on 5432 in its container: PGPORT maps it here.
    expect(healthCheck('postgres', { ...db, PGPORT: String(ports.postgres), PATH: process.env.PATH! })).toBe(0);
  });

  it('signs the first administrator in, lists a study sent to the published DICOM port', async () => {
    const baseUrl = `http://127.0.0.1:${ports.adapter}`;
    const admin = await signIn(baseUrl, 'admin', DOT_ENV.ADMIN_PASSWORD);
    const empty = await admin.agent.get(`${API}/studies/search`).query({ limit: 10 });
    expect(empty.status).toBe(200);
    expect(empty.body.Count).toBe(0);

    const file = join(root, 'study.dcm');
    writeFileSync(file, tinyStudy({ seed: 'compose', patientName: 'Compose^Check', patientId: 'C-1', modality: 'CT' }));
    expect(storeFiles([file], { port: ports.dicom, aet: 'PACS' }).failed).toEqual([]);
    await waitForStudies(admin, 1);
    const listed = await admin.agent.get(`${API}/studies/search`).query({ limit: 10 });
    expect(listed.body.Items).toHaveLength(1);
    expect(JSON.stringify(listed.body.Items[0])).toContain('Compose^Check');
  });

  it('keeps Orthanc’s files on the storage volume the adapter reads, and network.json in the shared folder', () => {
    const env = adapterEnv('adapter');
    expect(existsSync(env.ORTHANC_STORAGE_DIR!)).toBe(true);
    expect(execFileSync('find', [env.ORTHANC_STORAGE_DIR!, '-type', 'f'], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(1);
    const network = JSON.parse(readFileSync(env.ORTHANC_NETWORK_FILE!, 'utf8')) as { DicomAet: string; DicomPort: number };
    expect(network).toMatchObject({ DicomAet: 'PACS', DicomPort: ports.dicom });
  });
});
