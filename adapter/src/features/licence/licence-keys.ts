/**
 * Ed25519 signatures of licence files (Node's crypto). The adapter trusts the public keys found
 * at LICENCE_KEYS (one PEM file, or every `.pem` file of a folder); a licence verifies when one
 * of them verifies its signature over the payload's exact UTF-8 bytes.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LicenceFile } from '@pacs/common';
import { log } from '../../log.ts';

export interface TrustedKey {
  key: KeyObject;
  /** sha256 of the key's DER form, first 16 hex digits: shown to say which key signed. */
  fingerprint: string;
}

export function keyFingerprint(key: KeyObject): string {
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

/** Reads the trusted public keys; a file that is not an Ed25519 public key is logged and skipped. */
export function loadTrustedKeys(path: string): TrustedKey[] {
  let files: string[];
  try {
    files = statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith('.pem'))
          .sort()
          .map((name) => join(path, name))
      : [path];
  } catch {
    return [];
  }
  const keys: TrustedKey[] = [];
  for (const file of files) {
    try {
      const key = createPublicKey(readFileSync(file));
      if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
      keys.push({ key, fingerprint: keyFingerprint(key) });
    } catch (error) {
      log.warn(`Licence key ${file} skipped: ${String(error)}`);
    }
  }
  return keys;
}

/** The key that signed the file, or undefined when none of the trusted keys did. */
export function signingKey(file: LicenceFile, keys: readonly TrustedKey[]): TrustedKey | undefined {
  const data = Buffer.from(file.Payload, 'utf8');
  const signature = Buffer.from(file.Signature, 'base64');
  if (signature.length !== 64) return undefined;
  return keys.find((trusted) => verify(null, data, trusted.key, signature));
}
