/**
 * Orthanc's internal DICOM port behind the front receiver (docs/decisions.md "Orthanc's internal
 * DICOM port: TLS with the front's certificate only"). Orthanc 1.10 cannot bind its DICOM port to
 * loopback, and behind the front it does not check a DICOM user's address (every piped
 * association comes from the adapter). So that port is TLS-only and requires the peer's
 * certificate, trusting exactly one: the "internal DICOM" pair made at the first start under
 * DATA_DIR (Compose: on Orthanc's configuration volume), which Orthanc also presents as its own.
 * The front connects with it and accepts Orthanc only when Orthanc presents that very certificate
 * (DCMTK has no use for host names: the pin replaces Node's host-name check).
 *
 * Orthanc as SCU (C-MOVE sub-operations, echo from REST) is unchanged: TLS there is per modality
 * (UseDicomTls), which the product never sets.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectionOptions, PeerCertificate } from 'node:tls';
import { makeSelfSignedPair } from '../../http/tls.ts';

export interface InternalTlsFiles {
  certFile: string;
  keyFile: string;
}

/** The file in Orthanc's configuration folder that holds its DICOM TLS settings (absent: plain). */
export const ORTHANC_DICOM_TLS_FILE = 'dicom-tls.json';

export function internalTlsFiles(dir: string): InternalTlsFiles {
  return { certFile: join(dir, 'cert.pem'), keyFile: join(dir, 'key.pem') };
}

/** A pair whose certificate ends within this long is made anew at the next start. */
export const INTERNAL_TLS_RENEW_BEFORE_MS = 60 * 24 * 3600_000;

/** Whether the pair is there and its certificate is readable and good for a while yet. */
function usable(files: InternalTlsFiles, now: number): boolean {
  if (!existsSync(files.certFile) || !existsSync(files.keyFile)) return false;
  try {
    return Date.parse(new X509Certificate(readFileSync(files.certFile)).validTo) - now > INTERNAL_TLS_RENEW_BEFORE_MS;
  } catch {
    return false;
  }
}

/**
 * Makes the pair (key mode 0600) unless it exists and its certificate is good for more than
 * INTERNAL_TLS_RENEW_BEFORE_MS; answers its files. Called by whoever starts Orthanc (npm start's
 * launcher, every cluster node alike; Compose's `prepare`), before Orthanc, so that a pair near
 * its end (825 days) or unreadable is replaced at a restart and Orthanc and the front read the
 * new one. Nothing else holds this folder: it is the product's own.
 */
export async function ensureInternalTls(dir: string, now = Date.now()): Promise<InternalTlsFiles> {
  const files = internalTlsFiles(dir);
  if (usable(files, now)) return files;
  rmSync(dir, { recursive: true, force: true });
  try {
    // Both uses: Orthanc's server certificate, and the front's client certificate.
    await makeSelfSignedPair(dir, '/CN=pacs-internal-dicom', ['extendedKeyUsage=serverAuth,clientAuth']);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'The DICOM front receiver needs openssl (Debian package "openssl") for its certificate: run scripts/ensure-system.sh.',
      );
    }
    throw error;
  }
  return files;
}

/** Orthanc's settings for a TLS-only DICOM server that requires the pair's certificate. */
export function orthancDicomTlsSettings(files: InternalTlsFiles): Record<string, unknown> {
  return {
    DicomTlsEnabled: true,
    DicomTlsCertificate: files.certFile,
    DicomTlsPrivateKey: files.keyFile,
    DicomTlsTrustedCertificates: files.certFile,
    DicomTlsRemoteCertificateRequired: true,
  };
}

/**
 * Writes Orthanc's DICOM TLS settings into its configuration folder when the front is on (`files`),
 * or removes them (front off: Orthanc answers modalities itself, in plain DICOM as before).
 */
export function writeOrthancDicomTls(configDir: string, files: InternalTlsFiles | null): void {
  const file = join(configDir, ORTHANC_DICOM_TLS_FILE);
  if (!files) {
    rmSync(file, { force: true });
    return;
  }
  writeFileSync(file, `${JSON.stringify(orthancDicomTlsSettings(files), null, 2)}\n`, { mode: 0o600 });
}

/** Whether the peer presented exactly the pinned certificate (DER bytes compared). */
export function isPinned(pinned: X509Certificate, peer: Pick<PeerCertificate, 'raw'> | undefined): boolean {
  return peer?.raw !== undefined && peer.raw.length > 0 && Buffer.compare(peer.raw, pinned.raw) === 0;
}

/**
 * The front's TLS options towards Orthanc: presents the pair, trusts only its certificate, and
 * replaces the host-name check by the pin. Reads the files once; a missing or broken pair is an
 * error an administrator can act on.
 */
export function internalTlsOptions(files: InternalTlsFiles): ConnectionOptions {
  let certPem: string;
  let keyPem: string;
  try {
    certPem = readFileSync(files.certFile, 'utf8');
    keyPem = readFileSync(files.keyFile, 'utf8');
  } catch (error) {
    throw new Error(
      `The internal DICOM certificate (${files.certFile}, ${files.keyFile}) cannot be read: ${(error as Error).message}. ` +
        'npm start and Compose make it before Orthanc starts (DICOM_INTERNAL_TLS_DIR).',
    );
  }
  const pinned = new X509Certificate(certPem);
  if (!pinned.checkPrivateKey(createPrivateKey(keyPem))) throw new Error(`${files.keyFile} is not the key of ${files.certFile}.`);
  return {
    cert: certPem,
    key: keyPem,
    ca: certPem,
    checkServerIdentity: (_host, peer) =>
      isPinned(pinned, peer) ? undefined : new Error("Orthanc's internal DICOM port presented another certificate than the product's"),
  };
}
