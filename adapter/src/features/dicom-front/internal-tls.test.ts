import { X509Certificate, createPrivateKey } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERNAL_TLS_RENEW_BEFORE_MS,
  ORTHANC_DICOM_TLS_FILE,
  ensureInternalTls,
  internalTlsOptions,
  isPinned,
  writeOrthancDicomTls,
  type InternalTlsFiles,
} from './internal-tls.ts';

let dir: string;
let product: InternalTlsFiles;
let other: InternalTlsFiles;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pacs-internal-tls-'));
  product = await ensureInternalTls(join(dir, 'product'));
  other = await ensureInternalTls(join(dir, 'other'));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A TLS server like Orthanc's behind the front: presents `own`, requires a client certificate, trusts `own` alone. */
async function orthancLike(own: InternalTlsFiles): Promise<{ server: Server; port: number }> {
  const pem = readFileSync(own.certFile);
  const server = createServer(
    { cert: pem, key: readFileSync(own.keyFile), ca: pem, requestCert: true, rejectUnauthorized: true },
    (socket) => socket.end('ok'),
  );
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

function talk(port: number, files: InternalTlsFiles): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ ...internalTlsOptions(files), host: '127.0.0.1', port });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('the internal DICOM key pair', () => {
  it('is made once, the key readable by its owner only', async () => {
    expect(statSync(product.keyFile).mode & 0o777).toBe(0o600);
    const before = readFileSync(product.certFile, 'utf8');
    await ensureInternalTls(join(dir, 'product'));
    expect(readFileSync(product.certFile, 'utf8')).toBe(before);
  });

  it('is made anew at a start within the renewal window of its end, or when its certificate is unreadable', async () => {
    const renewed = join(dir, 'renewed');
    const first = await ensureInternalTls(renewed);
    const before = readFileSync(first.certFile, 'utf8');
    const end = Date.parse(new X509Certificate(before).validTo);
    await ensureInternalTls(renewed, end - INTERNAL_TLS_RENEW_BEFORE_MS - 60_000);
    expect(readFileSync(first.certFile, 'utf8')).toBe(before);
    const later = await ensureInternalTls(renewed, end - INTERNAL_TLS_RENEW_BEFORE_MS + 60_000);
    const after = readFileSync(later.certFile, 'utf8');
    expect(after).not.toBe(before);
    expect(new X509Certificate(after).checkPrivateKey(createPrivateKey(readFileSync(later.keyFile)))).toBe(true);
    writeFileSync(later.certFile, 'not a certificate');
    await ensureInternalTls(renewed);
    expect(() => new X509Certificate(readFileSync(later.certFile))).not.toThrow();
  });

  it("writes Orthanc's TLS settings when the front is on and removes them when it is off", () => {
    const config = mkdtempSync(join(dir, 'config-'));
    writeOrthancDicomTls(config, product);
    const settings = JSON.parse(readFileSync(join(config, ORTHANC_DICOM_TLS_FILE), 'utf8')) as Record<string, unknown>;
    expect(settings).toEqual({
      DicomTlsEnabled: true,
      DicomTlsCertificate: product.certFile,
      DicomTlsPrivateKey: product.keyFile,
      DicomTlsTrustedCertificates: product.certFile,
      DicomTlsRemoteCertificateRequired: true,
    });
    writeOrthancDicomTls(config, null);
    expect(existsSync(join(config, ORTHANC_DICOM_TLS_FILE))).toBe(false);
  });
});

describe('the pin', () => {
  it('accepts exactly the pinned certificate', () => {
    const pinned = new X509Certificate(readFileSync(product.certFile));
    expect(isPinned(pinned, { raw: pinned.raw })).toBe(true);
    expect(isPinned(pinned, { raw: new X509Certificate(readFileSync(other.certFile)).raw })).toBe(false);
    expect(isPinned(pinned, { raw: Buffer.alloc(0) })).toBe(false);
    expect(isPinned(pinned, undefined)).toBe(false);
  });

  it('replaces the host-name check: the pinned certificate passes whatever the name, another fails', () => {
    const check = internalTlsOptions(product).checkServerIdentity!;
    const raw = (files: InternalTlsFiles) => new X509Certificate(readFileSync(files.certFile)).raw;
    expect(check('orthanc', { raw: raw(product) } as never)).toBeUndefined();
    expect(check('127.0.0.1', { raw: raw(other) } as never)).toBeInstanceOf(Error);
  });

  it('connects to a server that presents the pinned certificate and takes ours; not to one that presents another', async () => {
    const own = await orthancLike(product);
    const foreign = await orthancLike(other);
    try {
      expect(await talk(own.port, product)).toBe('ok');
      // The other server trusts only its own certificate, and ours does not trust it either.
      await expect(talk(foreign.port, product)).rejects.toThrow();
    } finally {
      own.server.close();
      foreign.server.close();
    }
  });

  it('refuses a key that is not the certificate’s, and missing files, with a clear error', () => {
    const files = { certFile: join(dir, 'mixed-cert.pem'), keyFile: join(dir, 'mixed-key.pem') };
    copyFileSync(product.certFile, files.certFile);
    copyFileSync(other.keyFile, files.keyFile);
    expect(() => internalTlsOptions(files)).toThrow(/is not the key of/);
    expect(() => internalTlsOptions({ certFile: join(dir, 'none.pem'), keyFile: join(dir, 'none-key.pem') })).toThrow(
      /internal DICOM certificate .* cannot be read.*DICOM_INTERNAL_TLS_DIR/,
    );
  });
});
