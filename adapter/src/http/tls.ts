/**
 * HTTPS for the adapter: checking the certificate files an administrator names (TLS_CERT,
 * TLS_KEY), making a self-signed certificate under DATA_DIR when none is named and the adapter
 * listens beyond loopback, and the plain-HTTP listener that only redirects to HTTPS.
 *
 * HTTP/2 is not offered: Express 5 replaces the prototype of each request with its own, built on
 * http.IncomingMessage, and Node's HTTP/2 compatibility request is not one, so the first request
 * over `http2.createSecureServer({ allowHTTP1: true })` throws inside Node's stream code and ends
 * the process (docs/decisions.md, "Serving: TLS and compression").
 */
import { execFile } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ERRORS } from '@pacs/common';

/** Where the adapter's certificate comes from; `selfSigned`: made (once) under DATA_DIR. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
  selfSigned: boolean;
}

/** The folder under DATA_DIR that holds the self-signed certificate and its key. */
export const SELF_SIGNED_DIR = join('tls', 'self-signed');

/** Whether `host` (HOST) is reachable only from this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * What is wrong with a certificate and key pair, in words an administrator can act on; empty
 * when the pair can serve HTTPS. Both files are PEM: the certificate (with its chain after it,
 * if any) and an unencrypted private key.
 */
export function tlsFileProblems(certFile: string, keyFile: string): string[] {
  const problems: string[] = [];
  const read = (name: string, file: string): string | null => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'a folder, not a file' : code;
      problems.push(`${name} cannot be read: ${file} (${why ?? 'unknown error'}).`);
      return null;
    }
  };
  const certPem = read('TLS_CERT', certFile);
  const keyPem = read('TLS_KEY', keyFile);
  let cert: X509Certificate | undefined;
  if (certPem !== null) {
    try {
      cert = new X509Certificate(certPem);
    } catch {
      problems.push(`TLS_CERT is not a PEM certificate ("-----BEGIN CERTIFICATE-----"): ${certFile}.`);
    }
  }
  if (keyPem !== null) {
    try {
      const key = createPrivateKey(keyPem);
      if (cert && !cert.checkPrivateKey(key)) problems.push(`TLS_KEY does not belong to the certificate in TLS_CERT (${keyFile}).`);
    } catch {
      problems.push(`TLS_KEY is not an unencrypted PEM private key ("-----BEGIN PRIVATE KEY-----"): ${keyFile}.`);
    }
  }
  return problems;
}

const run = promisify(execFile);

/** The names and addresses this machine is likely reached by: the self-signed certificate's. */
function subjectAltNames(host: string): string[] {
  const dns = new Set(['localhost']);
  const ips = new Set(['127.0.0.1', '::1']);
  const name = hostname().replace(/[^A-Za-z0-9.-]/g, '');
  if (name) dns.add(name);
  if (!['0.0.0.0', '::'].includes(host)) (/^[\d.]+$|:/.test(host) ? ips : dns).add(host);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      // Link-local IPv6 addresses need a zone, which no URL a user types carries.
      if (!address.internal && !address.address.toLowerCase().startsWith('fe80:')) ips.add(address.address);
    }
  }
  return [...[...dns].map((entry) => `DNS:${entry}`), ...[...ips].map((entry) => `IP:${entry}`)];
}

/**
 * Makes the self-signed certificate (Debian's `openssl`; an ECDSA P-256 key, 825 days) unless it
 * exists. Returns whether this call made it.
 */
export async function ensureSelfSigned(files: TlsFiles, host: string): Promise<boolean> {
  if (existsSync(files.certFile) && existsSync(files.keyFile)) return false;
  const subject = `/CN=${
    hostname()
      .replace(/[^A-Za-z0-9.-]/g, '')
      .slice(0, 64) || 'localhost'
  }`;
  try {
    return await makeSelfSignedPair(dirname(files.certFile), subject, [
      `subjectAltName=${subjectAltNames(host).join(',')}`,
      'extendedKeyUsage=serverAuth',
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'Making a self-signed certificate needs openssl (Debian package "openssl"). Install it, set TLS_CERT and TLS_KEY, ' +
          'or set TLS_SELF_SIGNED=false to serve plain HTTP.',
      );
    }
    throw error;
  }
}

/**
 * Makes `target`/cert.pem and `target`/key.pem (mode 0600): a self-signed certificate by Debian's
 * `openssl`, an ECDSA P-256 key, 825 days, not a CA, with the extensions given (`-addext`). Made
 * in a temporary folder and renamed into place, so processes starting together over one folder
 * end with one pair, never a key of one and a certificate of another. Returns whether this call
 * made it (false: another's got there first). openssl missing: an error whose code is ENOENT.
 */
export async function makeSelfSignedPair(target: string, subject: string, extensions: readonly string[]): Promise<boolean> {
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const temporary = mkdtempSync(`${target}.tmp-`);
  try {
    // prettier-ignore
    await run('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '825', '-subj', subject,
      ...extensions.flatMap((extension) => ['-addext', extension]), '-addext', 'basicConstraints=critical,CA:FALSE',
      '-keyout', join(temporary, 'key.pem'), '-out', join(temporary, 'cert.pem'),
    ], { timeout: 30_000 });
    chmodSync(join(temporary, 'key.pem'), 0o600);
    try {
      renameSync(temporary, target);
      return true;
    } catch (error) {
      if (['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) return false;
      throw error;
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/** What to tell the administrator about the certificate in use, and how to replace it. */
export function describeCertificate(files: TlsFiles): string[] {
  const cert = new X509Certificate(readFileSync(files.certFile));
  const lines = [
    `HTTPS certificate ${files.certFile}: ${cert.subject.replace(/\n/g, ', ')}, valid until ${new Date(cert.validTo).toISOString().slice(0, 10)}` +
      `, SHA-256 ${cert.fingerprint256}`,
  ];
  if (files.selfSigned) {
    lines.push(
      'It is self-signed: browsers warn until it is trusted (compare the fingerprint above). To use your own, ' +
        'set TLS_CERT and TLS_KEY to its PEM files; TLS_SELF_SIGNED=false serves plain HTTP (behind a TLS proxy).',
    );
  }
  if (Date.parse(cert.validTo) < Date.now()) lines.push('The certificate has EXPIRED: browsers refuse it. Replace it and restart.');
  return lines;
}

const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$/;

/**
 * The plain-HTTP listener's only answer: a permanent redirect (308 keeps the method) to the same
 * path on the HTTPS port. The host comes from the request's Host header (the name the browser
 * used) and is checked first; a request target that is not a path (`GET http://elsewhere/`)
 * goes to the app's start page, so this is never an open redirect.
 */
export function redirectToHttps(httpsPort: number) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const match = HOST_HEADER.exec(req.headers.host ?? '');
    if (!match) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(`${ERRORS.bad_request.message}\n`);
      return;
    }
    const path = req.url?.startsWith('/') && !req.url.startsWith('//') ? req.url : '/viewer/';
    const location = `https://${match[1]}${httpsPort === 443 ? '' : `:${httpsPort}`}${path}`;
    res.writeHead(308, { location, 'content-type': 'text/plain; charset=utf-8' }).end(`${location}\n`);
  };
}
