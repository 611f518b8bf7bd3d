/**
 * docker-compose.yml and the Dockerfile, checked without a Docker engine (README "Docker
 * Compose"): the adapter's environment is a complete configuration for adapter/src/config.ts,
 * every service it names is reached with the credentials, ports and folders that service is given,
 * and Orthanc's environment fills every placeholder of orthanc-config/orthanc.jsonc, the template
 * npm start renders. compose-stack.test.ts then runs the same processes with these environments.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapter/src/config.ts';
import { ORTHANC_LOG_FLAGS, ORTHANC_TEMPLATE, renderOrthancConfig } from '../../scripts/services/orthanc.ts';
import { SERVER_SETTINGS } from '../../scripts/services/postgres.ts';
import { ORTHANC_INDEX_DATABASE } from '../../adapter/src/db/databases.ts';
import {
  dockerStages,
  environment,
  imageEnvironment,
  interpolate,
  mountOf,
  mounts,
  publishedPorts,
  readCompose,
  repoRoot,
  service,
} from '../harness/compose.ts';

const DOT_ENV = { PG_PASSWORD: 'pg-secret-1', ORTHANC_PASSWORD: 'orthanc-secret-1' };
const compose = readCompose(DOT_ENV);
const adapter = service(compose, 'adapter');
const adapterEnv = environment(adapter);
const orthanc = service(compose, 'orthanc');
const orthancEnv = environment(orthanc);
const postgres = service(compose, 'postgres');
const postgresEnv = environment(postgres);

/** loadConfig over the adapter's environment, and every variable name it read. */
function configWithReads(env: Record<string, string>) {
  const read = new Set<string>();
  const watched = new Proxy(env, {
    get: (target, name) => {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  return { config: loadConfig(watched), read };
}

const { config, read } = configWithReads({ ...imageEnvironment(), ...adapterEnv });

/** Variables the adapter reads that compose leaves unset on purpose. */
const LEFT_TO_DEFAULT: Record<string, string> = {
  ORTHANC_HTTP_PORT: 'ORTHANC_URL names Orthanc, host and port',
  ORTHANC_JOBS_URL: 'one Orthanc: its jobs run where ORTHANC_URL points',
  ORTHANC_NODE_URLS: 'one Orthanc: ORTHANC_URL is every node',
  CLIENT_DIR: 'the Dockerfile copies the client where the default points (../../client/dist from adapter/src)',
  TLS_CERT: 'HTTPS is the tls profile’s nginx front; the adapter serves plain HTTP inside the network',
  TLS_KEY: 'as TLS_CERT',
  HTTP_REDIRECT_PORT: 'the front redirects plain HTTP itself',
  BACKUP_DIR: '`npm run backup` runs on a host with the data folder, not in the adapter container',
  DICOM_FRONT_LISTEN: 'one adapter: its front listens (false only for a cluster replica that fronts no node)',
};

/** The template's placeholders, rendered as Orthanc 1.10 renders them: each name's value as it is. */
const template = readFileSync(ORTHANC_TEMPLATE, 'utf8');
const placeholders = [...new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]!))];
const renderedByOrthanc = template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => orthancEnv[name] ?? '');
interface OrthancJson {
  HttpPort: number;
  RemoteAccessAllowed: boolean;
  AuthenticationEnabled: boolean;
  RegisteredUsers: Record<string, string>;
  StorageDirectory: string;
  Plugins: string[];
  PostgreSQL: Record<string, unknown>;
  Worklists: { Database: string };
}
/** Parsed when a test asks (an unset placeholder then fails that test, not the whole file). */
const orthancJson = new Proxy({} as OrthancJson, {
  get: (_, key: keyof OrthancJson) => (JSON.parse(renderedByOrthanc.replace(/^\s*\/\/.*$/gm, '')) as OrthancJson)[key],
});

describe('docker-compose.yml: interpolation', () => {
  it('refuses to start without the two passwords, and says where to set them', () => {
    expect(() => readCompose({ ORTHANC_PASSWORD: 'x' })).toThrow(/PG_PASSWORD.*\.env/);
    expect(() => readCompose({ PG_PASSWORD: 'x', ORTHANC_PASSWORD: '' })).toThrow(/ORTHANC_PASSWORD.*\.env/);
  });

  it('interpolates as Compose does', () => {
    expect(interpolate('${A:-x} ${B-y} $C $$D ${E:-}', { A: '', B: '', C: 'c' })).toBe('x  c $D ');
  });

  it('passes the settings of .env through and leaves the rest to the adapter’s defaults', () => {
    const custom = environment(service(readCompose({ ...DOT_ENV, DICOM_AET: 'HOSPITAL', EDITION: 'pacs' }), 'adapter'));
    expect(loadConfig(custom)).toMatchObject({ dicomAet: 'HOSPITAL', edition: 'pacs' });
    expect(config).toMatchObject({ dicomAet: 'PACS', edition: 'on_premises', adminId: 'admin', adminPassword: undefined });
  });
});

describe('docker-compose.yml: the adapter against its configuration schema', () => {
  it('is a complete, valid configuration (adapter/src/config.ts reports no problem)', () => {
    expect(config.pg.password).toBe(DOT_ENV.PG_PASSWORD);
    expect(config.orthanc.password).toBe(DOT_ENV.ORTHANC_PASSWORD);
  });

  it('sets only variables the adapter reads, and every one it reads but a listed few', () => {
    expect(Object.keys(adapterEnv).filter((name) => !read.has(name))).toEqual([]);
    const unset = [...read].filter((name) => !(name in adapterEnv) && !(name in imageEnvironment()));
    expect(unset.sort()).toEqual(Object.keys(LEFT_TO_DEFAULT).sort());
  });

  it('reaches PostgreSQL as the postgres service is set up', () => {
    expect(postgres.image).toMatch(/^postgres:15[.-]/);
    expect(config.pg).toEqual({
      host: 'postgres',
      // The postgres image listens on 5432 unless its command says otherwise.
      port: 5432,
      user: postgresEnv.POSTGRES_USER,
      password: postgresEnv.POSTGRES_PASSWORD,
      database: postgresEnv.POSTGRES_DB,
    });
    expect(postgres.command?.join(' ')).not.toMatch(/\bport=/);
    // npm start's server settings, no second copy that could drift.
    for (const [name, value] of Object.entries(SERVER_SETTINGS)) expect(postgres.command).toContain(`${name}=${value}`);
  });

  it('keeps Orthanc’s index in its own database of the same PostgreSQL, with the same account', () => {
    expect(orthancJson.PostgreSQL).toMatchObject({
      EnableIndex: true,
      // The files stay on the storage volume.
      EnableStorage: false,
      Host: config.pg.host,
      Port: config.pg.port,
      Database: ORTHANC_INDEX_DATABASE,
      Username: postgresEnv.POSTGRES_USER,
      Password: postgresEnv.POSTGRES_PASSWORD,
      // One Orthanc per index.
      Lock: true,
    });
    expect(ORTHANC_INDEX_DATABASE).not.toBe(config.pg.database);
  });

  it('reaches Orthanc on the port and with the account Orthanc is given', () => {
    const url = new URL(config.orthanc.url);
    expect(url.hostname).toBe('orthanc');
    expect(Number(url.port)).toBe(orthancJson.HttpPort);
    expect(orthancJson.AuthenticationEnabled).toBe(true);
    expect(orthancJson.RegisteredUsers).toEqual({ [config.orthanc.user]: config.orthanc.password });
    // The adapter calls from its own container.
    expect(orthancJson.RemoteAccessAllowed).toBe(true);
  });

  it('sees Orthanc’s storage (read-only) and worklist folders on the volumes Orthanc uses', () => {
    const storage = mountOf(adapter, config.orthanc.storageDir!);
    expect(storage).toMatchObject({ type: 'volume', readOnly: true });
    expect(mountOf(orthanc, orthancJson.StorageDirectory)).toMatchObject({ source: storage!.source, readOnly: false });
    const worklists = mountOf(adapter, config.orthanc.worklistsDir!);
    expect(worklists).toMatchObject({ type: 'volume', readOnly: false });
    expect(mountOf(orthanc, orthancJson.Worklists.Database)?.source).toBe(worklists!.source);
    // Same paths on both sides: stored files are named by Orthanc's paths.
    expect(config.orthanc.storageDir).toBe(orthancJson.StorageDirectory);
    expect(config.orthanc.worklistsDir).toBe(orthancJson.Worklists.Database);
  });

  it('reads Orthanc’s log, written with the associations, from the volume Orthanc writes it to', () => {
    const [, ...options] = orthanc.command!;
    for (const flag of ORTHANC_LOG_FLAGS) expect(options).toContain(flag);
    const logFile = options.find((arg) => arg.startsWith('--logfile='))!.slice('--logfile='.length);
    expect(config.orthanc.logFiles).toEqual([logFile]);
    const shared = mountOf(adapter, logFile);
    expect(shared).toMatchObject({ type: 'volume', readOnly: true });
    expect(mountOf(orthanc, logFile)).toMatchObject({ type: 'volume', source: shared!.source, readOnly: false });
  });

  it('writes network.json into the folder Orthanc reads its configuration from', () => {
    const folder = orthanc.command![0]!.replace(/\/$/, '');
    expect(dirname(config.orthanc.networkFile!)).toBe(folder);
    const shared = mountOf(adapter, config.orthanc.networkFile!);
    expect(shared).toMatchObject({ type: 'volume', readOnly: false });
    expect(mountOf(orthanc, folder)).toMatchObject({ type: 'volume', source: shared!.source });
    // The template itself, mounted as Orthanc's orthanc.json: one source with npm start.
    expect(mountOf(orthanc, `${folder}/orthanc.json`)).toEqual({
      type: 'bind',
      source: './orthanc-config/orthanc.jsonc',
      target: `${folder}/orthanc.json`,
      readOnly: true,
    });
  });

  it('publishes the adapter’s port and the DICOM port to the adapter’s front, and nothing of Orthanc or PostgreSQL', () => {
    expect(config.dicomFront).toMatchObject({ enabled: true, listen: true, internalHost: 'orthanc', fsync: 'group' });
    expect(publishedPorts(adapter)).toEqual([
      { published: 8080, target: config.port },
      { published: config.dicomPort, target: config.dicomPort },
    ]);
    // Orthanc's DICOM port is internal: the front reaches it on the compose network.
    expect(orthanc.ports).toBeUndefined();
    expect(config.dicomFront.internalPort).not.toBe(config.dicomPort);
    const moved = readCompose({ ...DOT_ENV, DICOM_PORT: '11112', HTTP_PUBLISH: '127.0.0.1:8081' });
    expect(loadConfig(environment(service(moved, 'adapter'))).dicomPort).toBe(11112);
    expect(publishedPorts(service(moved, 'adapter'))).toEqual([
      { published: 8081, target: 8080 },
      { published: 11112, target: 11112 },
    ]);
    expect(postgres.ports).toBeUndefined();
  });

  it('shares the internal DICOM certificate between prepare, Orthanc and the adapter, on one volume at one path', () => {
    // prepare writes the pair and Orthanc's dicom-tls.json naming its paths: each must read them at the same place.
    const dir = config.dicomFront.tlsDir;
    const at = (of: ReturnType<typeof service>) => mountOf(of, dir);
    const prepare = service(compose, 'prepare');
    expect(at(prepare)).toMatchObject({ type: 'volume' });
    for (const of of [orthanc, adapter]) {
      expect(at(of)).toMatchObject({ type: 'volume', source: at(prepare)!.source, target: at(prepare)!.target });
    }
    // prepare writes it (not read-only there); the folder is Orthanc's configuration folder's, which prepare chowns.
    expect(at(prepare)!.readOnly).toBeFalsy();
    expect(dir.startsWith(`${orthanc.command![0]!.replace(/\/$/, '')}/`)).toBe(true);
  });

  it('keeps the front’s spool on a named volume, so that acknowledged files survive a restart of the container', () => {
    const spool = mountOf(adapter, join(config.dataDir, 'dicom-front'));
    expect(spool).toMatchObject({ type: 'volume', readOnly: false });
    expect(compose.volumes).toHaveProperty(spool!.source);
    // The image makes the mount point, owned by the adapter's user, so that a new volume is too.
    const last = dockerStages().at(-1)!;
    expect(last.lines.join('\n')).toMatch(/mkdir -p [^\n]*\/var\/lib\/pacs\/dicom-front[^\n]*chown -R node:node \/var\/lib\/pacs/);
  });
});

describe('docker-compose.yml: Orthanc against the template npm start renders', () => {
  it('sets every placeholder of orthanc-config/orthanc.jsonc in Orthanc’s environment', () => {
    expect(placeholders.length).toBeGreaterThan(5);
    expect(placeholders.filter((name) => !orthancEnv[name])).toEqual([]);
  });

  it('gives Orthanc exactly what the native launcher’s renderer makes of the same values', () => {
    expect(renderedByOrthanc).toBe(renderOrthancConfig(template, orthancEnv));
  });

  it('runs Orthanc 1.10 with the DICOMweb, worklist and PostgreSQL index plugins from the image’s folder', () => {
    expect(orthanc.image).toBe('jodogne/orthanc-plugins:1.10.1');
    expect(orthancJson.Plugins).toEqual([
      '/usr/local/share/orthanc/plugins/libOrthancDicomWeb.so',
      '/usr/local/share/orthanc/plugins/libModalityWorklists.so',
      '/usr/local/share/orthanc/plugins/libOrthancPostgreSQLIndex.so',
    ]);
  });

  it('keeps Orthanc’s files and configuration on named volumes (its index is in PostgreSQL’s)', () => {
    for (const path of [orthancJson.StorageDirectory, orthanc.command![0]!.replace(/\/$/, '')]) {
      const mount = mountOf(orthanc, path);
      expect(mount?.type, path).toBe('volume');
      expect(compose.volumes).toHaveProperty(mount!.source);
    }
    expect(mountOf(postgres, '/var/lib/postgresql/data')).toMatchObject({ type: 'volume', source: 'postgres-data' });
  });
});

describe('docker-compose.yml: order, health and users', () => {
  it('checks the health of every long-running service with what its own environment holds', () => {
    for (const name of ['postgres', 'orthanc', 'adapter']) {
      const check = service(compose, name).healthcheck?.test ?? [];
      expect(check[0], name).toMatch(/^CMD(-SHELL)?$/);
      const env = environment(service(compose, name));
      const names = [...check.join(' ').matchAll(/\$([A-Z_]+)/g)].map((match) => match[1]!);
      expect(
        names.filter((variable) => !(variable in env)),
        name,
      ).toEqual([]);
    }
    expect(adapter.healthcheck!.test.join(' ')).toContain('/viewer/api/product/info');
  });

  it('starts `prepare` and Orthanc after PostgreSQL, Orthanc after `prepare`, the adapter once both services are healthy', () => {
    expect(service(compose, 'prepare').depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(orthanc.depends_on).toEqual({
      prepare: { condition: 'service_completed_successfully' },
      postgres: { condition: 'service_healthy' },
    });
    expect(adapter.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, orthanc: { condition: 'service_healthy' } });
  });

  it('prepares the adapter’s folders as root, then writes network.json and creates Orthanc’s database as the adapter’s user', () => {
    const prepare = service(compose, 'prepare');
    expect(environment(prepare)).toEqual(adapterEnv);
    expect(prepare.image).toBe(adapter.image);
    const script = prepare.entrypoint!.join(' ');
    for (const mount of mounts(prepare)) {
      expect(script).toContain(mount.target);
      expect(mounts(adapter)).toContainEqual(mount);
    }
    expect(script).toMatch(/setpriv --reuid=node .*adapter\/src\/prepare\.ts$/);
  });

  it('builds the adapter in stages from Node 20 and runs it as `node`, not root', () => {
    const stages = dockerStages();
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:20-bookworm/);
    const last = stages.at(-1)!;
    expect(last.lines.filter((line) => line.startsWith('USER ')).at(-1)).toBe('USER node');
    expect(adapter.user).toBeUndefined();
    expect(last.lines).toContain('COPY --from=client /src/client/dist client/dist');
    expect(last.lines).toContain('COPY adapter/src adapter/src');
    expect(last.lines.at(-1)).toBe('CMD ["node", "--import", "tsx", "adapter/src/main.ts"]');
    expect(stages[0]!.lines).toContain('RUN npm run build -w client');
  });
});

describe('docker-compose.yml: the optional TLS front', () => {
  const tls = service(compose, 'tls');
  const conf = readFileSync(join(repoRoot, 'docker/tls/nginx.conf'), 'utf8');

  it('runs only with the tls profile, in front of the adapter’s port', () => {
    expect(tls.profiles).toEqual(['tls']);
    expect(conf).toContain(`proxy_pass http://adapter:${config.port};`);
    expect(publishedPorts(tls).map((port) => port.target)).toEqual([443, 80]);
  });

  it('reads the certificate and key from the mounted certs folder', () => {
    const certs = mounts(tls).find((mount) => mount.source === './certs')!;
    expect(certs.readOnly).toBe(true);
    const files = [...conf.matchAll(/ssl_certificate(?:_key)? (\S+);/g)].map((match) => match[1]!);
    expect(files).toHaveLength(2);
    for (const file of files) expect(dirname(file)).toBe(certs.target);
    expect(mountOf(tls, '/etc/nginx/conf.d/default.conf')).toMatchObject({ source: './docker/tls/nginx.conf', readOnly: true });
  });

  it('tells the adapter the client’s address and scheme, which TRUST_PROXY=1 then believes', () => {
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-Proto https;/);
    const behind = loadConfig(environment(service(readCompose({ ...DOT_ENV, TRUST_PROXY: '1', COOKIE_SECURE: 'true' }), 'adapter')));
    expect(behind).toMatchObject({ trustProxy: 1, cookieSecure: true });
  });
});
