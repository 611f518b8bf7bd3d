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
  /** Institution targets and role targets: visibility is their intersection. */
  institutionTargets: Targets;
  roleTargets: Targets;
  studyAccess: StudyAccess;
  /** A share guest's access key; null for accounts. */
  accessKey: string | null;
}

import type { StudyAccess, Targets } from '@pacs/common';

export { parseTargets, type StudyAccess, type Targets } from '@pacs/common';
