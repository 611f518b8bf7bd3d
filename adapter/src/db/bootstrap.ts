/**
 * First start: institution 0, the Master role (No 1, every permission) and the first
 * administrator. Runs at every start and does only what is missing, under an advisory lock so
 * two replicas starting together do not both create the administrator.
 */
import {
  DEFAULT_INSTITUTION_NO,
  MASTER_ROLE_NO,
  PERMISSION_KEYS,
  SHARE_GUEST_ID,
  completePermissions,
  passwordProblems,
} from '@pacs/common';
import type { Config } from '../config.ts';
import { transaction, type Db } from './pool.ts';
import { generatePassword, hashPassword } from '../access/passwords.ts';
import { getPasswordConfig } from '../features/security/security.service.ts';

const LOCK_KEY = 724_110_002;

export interface BootstrapResult {
  /** Set when this start created the first administrator. */
  admin?: { id: string; password: string; generated: boolean };
}

export async function bootstrap(db: Db, config: Config): Promise<BootstrapResult> {
  return transaction(db, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await client.query(`insert into institutions (no, name) values ($1, 'Default') on conflict (no) do nothing`, [DEFAULT_INSTITUTION_NO]);
    const everything = Object.fromEntries(PERMISSION_KEYS.map((key) => [key, true]));
    await client.query(
      `insert into roles (no, institution, name, title, permissions) overriding system value
       values ($1, $2, 'Master', 'Master', $3) on conflict (no) do nothing`,
      [MASTER_ROLE_NO, DEFAULT_INSTITUTION_NO, JSON.stringify(everything)],
    );

    // The share guest: the account every access-key session signs in as. It sees only what its
    // key shares (study access only_shared) and cannot sign in with a password (random hash).
    const { rows: guest } = await client.query('select 1 from accounts where id = $1', [SHARE_GUEST_ID]);
    if (guest.length === 0) {
      const { rows: role } = await client.query<{ no: number }>(
        `insert into roles (institution, name, title, permissions, targets, study_access)
         values ($1, 'Share guest', 'Share guest', $2, '{"All": false, "AETitle": [], "InstitutionName": [], "Modality": []}', 'only_shared')
         on conflict do nothing returning no`,
        [DEFAULT_INSTITUTION_NO, JSON.stringify(completePermissions({ list: true, viewer: true, report: true, report_pdf: true }))],
      );
      const roleNo =
        role[0]?.no ??
        (
          await client.query<{ no: number }>(`select no from roles where institution = $1 and name = 'Share guest'`, [
            DEFAULT_INSTITUTION_NO,
          ])
        ).rows[0]!.no;
      await client.query(`insert into accounts (id, password_hash, name, title, role) values ($1, $2, 'Guest', 'Guest', $3)`, [
        SHARE_GUEST_ID,
        await hashPassword(generatePassword(32)),
        roleNo,
      ]);
    }

    const { rows } = await client.query<{ count: number }>('select count(*)::int as count from accounts where id <> $1', [SHARE_GUEST_ID]);
    if ((rows[0]?.count ?? 0) > 0) return {};

    const generated = config.adminPassword === undefined;
    const password = config.adminPassword ?? generatePassword();
    const problems = passwordProblems(password, await getPasswordConfig(db));
    if (problems.length > 0) throw new Error(`ADMIN_PASSWORD does not meet the password policy: ${problems.join(' ')}`);
    await client.query(
      `insert into accounts (id, password_hash, name, title, role) values ($1, $2, 'Administrator', 'Administrator', $3)`,
      [config.adminId, await hashPassword(password), MASTER_ROLE_NO],
    );
    return { admin: { id: config.adminId, password, generated } };
  });
}
