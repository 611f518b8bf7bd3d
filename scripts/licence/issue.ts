/**
 * Key pairs and licence files (the pure part of `npm run licence`, unit-tested).
 * A licence file is `{Format, Payload, Signature}` (common/src/licence.ts): Payload is the
 * licence's JSON text, Signature the base64 Ed25519 signature of its UTF-8 bytes.
 */
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { LICENCE_FORMAT, licencePayloadProblems, type LicenceFile, type LicencePayload } from '@pacs/common';

export function generateKeyPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Signs a payload with a PEM private key; throws with the payload's problems when malformed. */
export function issueLicence(payload: LicencePayload, privatePem: string): LicenceFile {
  const problems = licencePayloadProblems(payload);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const key = createPrivateKey(privatePem);
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('The private key is not an Ed25519 key (make one with: npm run licence -- keygen).');
  const text = JSON.stringify(payload);
  return { Format: LICENCE_FORMAT, Payload: text, Signature: sign(null, Buffer.from(text, 'utf8'), key).toString('base64') };
}
