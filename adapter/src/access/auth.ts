/** Who is calling: the signed-in account with its role, institution and session. */
import type { Permissions, TeleradiologyKind } from '@pacs/common';

export interface Auth {
  sessionHash: Buffer;
  csrfToken: string;
  accountId: string;
  name: string;
  title: string;
  role: number;
  roleName: string;
  institution: number;
  institutionName: string;
  kind: TeleradiologyKind | null;
  permissions: Permissions;
  aeTitle: string;
  referringPhysicianName: string;
}
