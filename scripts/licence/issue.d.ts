import { type LicenceFile, type LicencePayload } from '@pacs/common';
export declare function generateKeyPair(): {
  privatePem: string;
  publicPem: string;
};
/** Signs a payload with a PEM private key; throws with the payload's problems when malformed. */
export declare function issueLicence(payload: LicencePayload, privatePem: string): LicenceFile;
