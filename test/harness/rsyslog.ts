/**
 * A real syslog collector for tests: Debian's rsyslogd in the foreground (`-n`) with a config of
 * its own, on a free loopback port, over plain TCP or TLS (its GnuTLS driver, with a self-signed
 * certificate made by openssl). rsyslog parses each message itself (RFC 5424 and RFC 6587 framing)
 * and writes the fields it read as one JSON line, so a test sees what a collector understood, not
 * the bytes we sent.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnLogged, stopChild, waitFor } from '../../scripts/services/process.ts';
import { connect } from 'node:net';

export interface ReceivedMessage {
  pri: string;
  version: string;
  timestamp: string;
  hostname: string;
  app: string;
  procid: string;
  msgid: string;
  sd: string;
  msg: string;
}

export interface Collector {
  port: number;
  /** The collector's certificate (TLS), to give the sender as the authority it trusts. */
  certificate: string;
  received(): ReceivedMessage[];
  /** Waits until `predicate` holds for what arrived (up to `ms`). */
  waitFor(predicate: (messages: ReceivedMessage[]) => boolean, ms?: number): Promise<ReceivedMessage[]>;
  stop(): Promise<void>;
}

const FIELDS: [string, string][] = [
  ['pri', 'pri'],
  ['version', 'protocol-version'],
  ['timestamp', 'timereported'],
  ['hostname', 'hostname'],
  ['app', 'app-name'],
  ['procid', 'procid'],
  ['msgid', 'msgid'],
  ['sd', 'structured-data'],
  ['msg', 'msg'],
];

function selfSigned(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  // openssl writes the key and certificate where -keyout and -out say.
  const run = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  if (run.status !== 0) throw new Error(`openssl failed: ${String(run.stderr)}`);
  return { cert, key };
}

/** Starts rsyslogd on `port` (a free one when not given). */
export async function startCollector(transport: 'tcp' | 'tls', port?: number): Promise<Collector> {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-rsyslog-'));
  port ??= await freePort();
  const out = join(dir, 'messages.jsonl');
  const tls = transport === 'tls' ? selfSigned(dir) : null;
  const template = FIELDS.map(
    ([out, name]) => `  property(outname="${out}" name="${name}"${name === 'timereported' ? ' dateFormat="rfc3339"' : ''} format="jsonf")`,
  ).join('\n');
  const conf = [
    tls
      ? `global(workDirectory="${dir}" DefaultNetstreamDriver="gtls" DefaultNetstreamDriverCAFile="${tls.cert}" DefaultNetstreamDriverCertFile="${tls.cert}" DefaultNetstreamDriverKeyFile="${tls.key}")`
      : `global(workDirectory="${dir}")`,
    tls ? 'module(load="imtcp" StreamDriver.Name="gtls" StreamDriver.Mode="1" StreamDriver.AuthMode="anon")' : 'module(load="imtcp")',
    `input(type="imtcp" address="127.0.0.1" port="${port}" ruleset="audit")`,
    `template(name="fields" type="list" option.jsonf="on") {\n${template}\n}`,
    `ruleset(name="audit") { action(type="omfile" file="${out}" template="fields") }`,
  ].join('\n');
  const confFile = join(dir, 'rsyslog.conf');
  writeFileSync(confFile, `${conf}\n`);
  const child = spawnLogged('rsyslogd', ['-n', '-f', confFile, '-i', join(dir, 'rsyslogd.pid')], join(dir, 'rsyslogd.log'));
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
  await waitFor('rsyslogd', listening, 15_000, child, join(dir, 'rsyslogd.log'));

  const received = (): ReceivedMessage[] =>
    existsSync(out)
      ? readFileSync(out, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as ReceivedMessage)
      : [];
  return {
    port,
    certificate: tls ? readFileSync(tls.cert, 'utf8') : '',
    received,
    async waitFor(predicate, ms = 15_000) {
      const until = Date.now() + ms;
      for (;;) {
        const messages = received();
        if (predicate(messages)) return messages;
        if (Date.now() > until) throw new Error(`the collector did not receive what was expected; it has ${JSON.stringify(messages)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await stopChild(child, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
