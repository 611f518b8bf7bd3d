/**
 * Debian's nginx as the cluster's load balancer (scripts/services/cluster.ts), run privately like
 * PostgreSQL and Orthanc: its configuration, pid and temporary files under one folder of the data
 * folder. Two balancers in one process: the public front over the adapter replicas, and a loopback
 * one over the Orthanc nodes' REST ports, which the adapters read through (a node that dies is
 * passed over for reads).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { dieWithParent, spawnLogged, stopChild, waitFor } from './process.ts';

/** Debian installs it under /usr/sbin, which a user's PATH often lacks. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export interface BalancerOptions {
  /** Its folder: nginx.conf, pid, temporary files. */
  dir: string;
  logFile: string;
  /** The public front: where browsers connect; HTTPS when `tls` is given. */
  front: { host: string; port: number; tls?: { certFile: string; keyFile: string } };
  adapterPorts: readonly number[];
  /** The loopback balancer over the Orthanc nodes' REST ports. */
  orthanc: { port: number; nodePorts: readonly number[] };
}

export interface RunningBalancer {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The nginx.conf. Replicas are stateless, so any one may answer any request: least_conn spreads
 * load by open requests (a frame download is long, a search short). A replica or node that refuses
 * connections (or drops one before answering) is skipped for 5 s; an idempotent request that found
 * it dead is retried once on another (nginx never retries a POST that reached an upstream). Bodies and answers stream through
 * (imports of gigabytes, frame streams), never buffered to disk.
 */
export function balancerConfig(options: BalancerOptions): string {
  const { dir, front, adapterPorts, orthanc } = options;
  const servers = (ports: readonly number[]) => ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((what) => `  ${what}_temp_path ${join(dir, 'temp', what)};`)
    .join('\n');
  const listenHost = front.host.includes(':') ? `[${front.host}]` : front.host;
  const tls = front.tls
    ? `    ssl_certificate ${front.tls.certFile};\n    ssl_certificate_key ${front.tls.keyFile};\n    ssl_protocols TLSv1.2 TLSv1.3;\n`
    : '';
  return `# Written by scripts/services/nginx.ts at each start: edit that file, not this one.
pid ${join(dir, 'nginx.pid')};
error_log ${options.logFile} warn;
worker_processes auto;
events { worker_connections 4096; }
http {
  access_log off;
${temp}
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_request_buffering off;
  proxy_buffering off;
  proxy_read_timeout 3600s;
  proxy_send_timeout 3600s;
  # Only a replica or node that cannot be reached is passed over: an answer of 503 (Orthanc or
  # PostgreSQL away) is the same on every replica, and counting it as a failure would mark the
  # live ones down too, leaving nginx with none (502).
  proxy_next_upstream error timeout;
  proxy_next_upstream_tries 2;
  client_max_body_size 0;
  upstream adapters {
    least_conn;
${servers(adapterPorts)}
    keepalive 64;
  }
  upstream orthanc_nodes {
    least_conn;
${servers(orthanc.nodePorts)}
    keepalive 64;
    # Below Orthanc's KeepAliveTimeout (5 s): a connection Orthanc is closing is never reused.
    keepalive_timeout 4s;
  }
  server {
    listen ${listenHost}:${front.port}${front.tls ? ' ssl' : ''};
${tls}    location / {
      proxy_pass http://adapters;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
    }
  }
  server {
    listen 127.0.0.1:${orthanc.port};
    location / {
      proxy_pass http://orthanc_nodes;
      proxy_set_header Host $http_host;
    }
  }
}
`;
}

function listening(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export async function startBalancer(options: BalancerOptions): Promise<RunningBalancer> {
  for (const what of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(options.dir, 'temp', what), { recursive: true });
  const conf = join(options.dir, 'nginx.conf');
  writeFileSync(conf, balancerConfig(options), { mode: 0o600 });
  // -e: nginx opens its default error log before reading the configuration; point it here too.
  const child = spawnLogged(
    ...dieWithParent('SIGTERM', NGINX, ['-p', options.dir, '-e', options.logFile, '-c', conf, '-g', 'daemon off;']),
    options.logFile,
  );
  const probeHost = ['0.0.0.0', '::'].includes(options.front.host) ? '127.0.0.1' : options.front.host;
  await waitFor(
    'nginx',
    async () => (await listening(options.front.port, probeHost)) && listening(options.orthanc.port, '127.0.0.1'),
    15_000,
    child,
    options.logFile,
  );
  return { child, stop: () => stopChild(child, 'SIGTERM', 10_000) };
}
