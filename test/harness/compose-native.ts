/**
 * The processes docker-compose.yml runs, started natively with exactly the environments it gives
 * them (README "Docker Compose"): the `prepare` step, Orthanc reading the template itself with its
 * placeholders in its environment, and the adapter with the image's and compose's environment.
 * What a container would change is mapped, and only that: service host names become 127.0.0.1
 * (the adapter's and Orthanc's way to PostgreSQL, the adapter's to Orthanc),
 * container ports become free ports, container paths become folders of a temporary directory (a
 * named volume is one folder, the template's bind mount a symbolic link), and the image's plugin
 * folder is Debian's. PostgreSQL is the harness's, set up as the postgres service's variables say.
 * Beyond that, PATH and HOME, which a container's image provides.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { startPostgres, type RunningPostgres } from '../../scripts/services/postgres.ts';
import { orthancAnswers } from '../../scripts/services/orthanc.ts';
import { dieWithParent, freePort, spawnLogged, stopChild, waitFor } from '../../scripts/services/process.ts';
import { environment, imageEnvironment, mounts, readCompose, repoRoot, service, type ComposeFile, type ComposeService } from './compose.ts';

const DEBIAN_PLUGINS = '/usr/share/orthanc/plugins';

export interface NativeCompose {
  compose: ComposeFile;
  root: string;
  /**
   * Free ports standing for the containers' 5432, 8042 and 8080, and for Orthanc's internal DICOM
   * port (`dicomInternal`, behind the adapter's front); `dicom` is .env's DICOM_PORT.
   */
  ports: { postgres: number; orthanc: number; adapter: number; dicom: number; dicomInternal: number };
  adapterUrl: string;
  /** Where a path inside a service's container lies here (`imageDirs`: the image's own folders). */
  hostPath(of: ComposeService, path: string, imageDirs?: Record<string, string>): string;
  adapterEnv(name?: 'adapter' | 'prepare'): Record<string, string>;
  orthancEnv(): Record<string, string>;
  /** A child process stopped (SIGTERM, in reverse order) by stop(); SIGKILLed if the test dies. */
  spawn(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess;
  /** Runs a service's compose health check here with the given (mapped) environment; its exit status. */
  healthCheck(name: string, env: Record<string, string>): number;
  stop(): Promise<void>;
}

/** Starts PostgreSQL, `prepare`, Orthanc and the adapter as compose would with this .env. */
export async function startComposeNatively(dotEnv: Record<string, string>): Promise<NativeCompose> {
  const root = mkdtempSync(join(tmpdir(), 'pacs-compose-'));
  chmodSync(root, 0o711);
  const processes: ChildProcess[] = [];
  let postgres: RunningPostgres | undefined;
  const [pgPort, orthancPort, adapterPort, dicomPort, dicomInternal] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const ports = { postgres: pgPort, orthanc: orthancPort, adapter: adapterPort, dicom: dicomPort, dicomInternal };
  // The DICOM port is .env's choice, published as the same number: no mapping needed.
  const compose = readCompose({ ...dotEnv, DICOM_PORT: String(ports.dicom) });

  const volumeDir = (name: string): string => {
    const dir = join(root, 'volumes', name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const hostPath = (of: ComposeService, path: string, imageDirs: Record<string, string> = {}): string => {
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
  };
  const mapPaths = (of: ComposeService, env: Record<string, string>, imageDirs: Record<string, string>) =>
    Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value.startsWith('/') ? hostPath(of, value, imageDirs) : value]));

  const adapterEnv = (name: 'adapter' | 'prepare' = 'adapter'): Record<string, string> => {
    const of = service(compose, name);
    const fs = join(root, `${name}-fs`);
    const given = { ...imageEnvironment(), ...environment(of) };
    // `prepare` shares the adapter's environment but not Orthanc's log volume, which it never reads.
    if (name === 'prepare') delete given.ORTHANC_LOG_FILES;
    const env = mapPaths(of, given, { '/var/lib/pacs': fs });
    const orthancUrl = new URL(env.ORTHANC_URL!);
    if (orthancUrl.hostname !== 'orthanc' || orthancUrl.port !== '8042' || env.PG_HOST !== 'postgres' || env.PG_PORT !== '5432') {
      throw new Error('the adapter no longer reaches orthanc:8042 and postgres:5432: update the mapping here');
    }
    if (env.DICOM_INTERNAL_HOST !== 'orthanc' || !env.DICOM_INTERNAL_PORT) {
      throw new Error('the front no longer reaches Orthanc on orthanc:DICOM_INTERNAL_PORT: update the mapping here');
    }
    return {
      ...env,
      PG_HOST: '127.0.0.1',
      PG_PORT: String(ports.postgres),
      ORTHANC_URL: `http://127.0.0.1:${ports.orthanc}`,
      DICOM_INTERNAL_HOST: '127.0.0.1',
      DICOM_INTERNAL_PORT: String(ports.dicomInternal),
      PORT: String(ports.adapter),
      PATH: process.env.PATH!,
      HOME: fs,
    };
  };
  const orthancEnv = (): Record<string, string> => {
    const of = service(compose, 'orthanc');
    // The image's plugin folder is Debian's; paths outside every volume are the container's own layer.
    const env = mapPaths(of, environment(of), {
      '/usr/local/share/orthanc/plugins': DEBIAN_PLUGINS,
      '/var/lib/pacs': join(root, 'orthanc-fs'),
    });
    if (env.ORTHANC_HTTP_PORT !== '8042') throw new Error('Orthanc no longer listens on 8042: update the mapping here');
    if (env.ORTHANC_PG_HOST !== 'postgres' || env.ORTHANC_PG_PORT !== '5432') {
      throw new Error('Orthanc no longer reaches its index at postgres:5432: update the mapping here');
    }
    return {
      ...env,
      ORTHANC_HTTP_PORT: String(ports.orthanc),
      ORTHANC_PG_HOST: '127.0.0.1',
      ORTHANC_PG_PORT: String(ports.postgres),
      PATH: process.env.PATH!,
    };
  };
  const spawn = (name: string, command: string, args: string[], env: Record<string, string>): ChildProcess => {
    const child = spawnLogged(...dieWithParent('SIGKILL', command, args), join(root, `${name}.log`), { env, cwd: repoRoot });
    processes.push(child);
    return child;
  };
  const healthCheck = (name: string, env: Record<string, string>): number => {
    const [kind, ...command] = service(compose, name).healthcheck!.test;
    const [file, args] = kind === 'CMD-SHELL' ? ['sh', ['-c', command.join(' ')]] : [command[0]!, command.slice(1)];
    try {
      execFileSync(file, args, { env, stdio: 'pipe', timeout: 10_000 });
      return 0;
    } catch (error) {
      return (error as { status?: number }).status ?? 1;
    }
  };
  const stop = async () => {
    for (const child of processes.reverse()) await stopChild(child, 'SIGTERM', 30_000).catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
    if (!process.env.KEEP_TEST_DATA) rmSync(root, { recursive: true, force: true });
  };

  try {
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

    // `prepare` (after PostgreSQL, as its depends_on says): its chown is moot here (every folder is
    // ours); its script (network.json, the database of Orthanc's index) runs as it does there.
    const script = service(compose, 'prepare').entrypoint!.at(-1)!.split(' --import tsx ')[1]!;
    execFileSync(process.execPath, ['--import', 'tsx', script], { env: adapterEnv('prepare'), cwd: repoRoot, stdio: 'pipe' });

    const orthanc = service(compose, 'orthanc');
    const folder = orthanc.command![0]!.replace(/\/$/, '');
    // The template's bind mount inside the configuration volume.
    symlinkSync(hostPath(orthanc, `${folder}/orthanc.json`), join(hostPath(orthanc, folder), 'orthanc.json'));
    const oEnv = orthancEnv();
    // The command's options after the folder; a --logfile names a path on a volume.
    const options = orthanc
      .command!.slice(1)
      .map((arg) => (arg.startsWith('--logfile=') ? `--logfile=${hostPath(orthanc, arg.slice('--logfile='.length))}` : arg));
    const orthancChild = spawn('orthanc', 'Orthanc', [hostPath(orthanc, folder), ...options], oEnv);
    const orthancUrl = `http://127.0.0.1:${ports.orthanc}`;
    const orthancUp = () => orthancAnswers(orthancUrl, oEnv.ORTHANC_USER!, oEnv.ORTHANC_PASSWORD!);
    await waitFor('Orthanc', orthancUp, 60_000, orthancChild, join(root, 'orthanc.log'));

    // A volume mounted inside the adapter's data folder (the front's spool) is a symbolic link
    // there, as the template's bind mount is in Orthanc's folder: what the adapter writes under
    // DATA_DIR lands on the volume.
    const adapter = service(compose, 'adapter');
    for (const mount of mounts(adapter).filter((each) => each.type === 'volume' && each.target.startsWith('/var/lib/pacs/'))) {
      const inImage = join(root, 'adapter-fs', mount.target.slice('/var/lib/pacs/'.length));
      mkdirSync(dirname(inImage), { recursive: true });
      if (!existsSync(inImage)) symlinkSync(hostPath(adapter, mount.target), inImage);
    }
    const adapterUrl = `http://127.0.0.1:${ports.adapter}`;
    const adapterChild = spawn('adapter', process.execPath, ['--import', 'tsx', join(repoRoot, 'adapter/src/main.ts')], adapterEnv());
    const adapterUp = async () => (await fetch(`${adapterUrl}/viewer/api/product/info`)).ok;
    await waitFor('adapter', adapterUp, 120_000, adapterChild, join(root, 'adapter.log'));
    return { compose, root, ports, adapterUrl, hostPath, adapterEnv, orthancEnv, spawn, healthCheck, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
