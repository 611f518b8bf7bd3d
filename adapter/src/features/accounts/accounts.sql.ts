/** Every SQL statement of the accounts feature. */
import { SHARE_GUEST_ID, type TeleradiologyKind } from '@pacs/common';
import type { Db, DbClient } from '../../db/pool.ts';

export interface AccountRow {
  id: string;
  name: string;
  title: string;
  role: number;
  role_name: string;
  institution: number;
  teleradiology: TeleradiologyKind | null;
  ae_title: string;
  referring_physician_name: string;
  locked_at: Date | null;
}

/** Every account but the system's share guest, by id. */
export async function selectAccounts(db: Db): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountRow>(
    `select a.id, a.name, a.title, a.role, r.name as role_name, r.institution, r.teleradiology, a.ae_title,
            a.referring_physician_name, a.locked_at
       from accounts a join roles r on r.no = a.role where a.id <> $1 order by lower(a.id)`,
    [SHARE_GUEST_ID],
  );
  return rows;
}

/** Ids and names of the accounts whose role a condition over `r` keeps (the share guest never). */
export async function selectAccountNames(db: Db, roles: { sql: string; params: unknown[] }): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `select a.id, a.name from accounts a join roles r on r.no = a.role where a.id <> $1 and ${roles.sql} order by lower(a.id)`,
    [SHARE_GUEST_ID, ...roles.params],
  );
  return rows;
}

export async function roleExists(client: DbClient, role: number): Promise<boolean> {
  return (await client.query('select 1 from roles where no = $1', [role])).rows.length > 0;
}

/** The ids of the Master role's accounts, locked for the rest of the transaction. */
export async function lockMasterAccounts(client: DbClient, masterRole: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>('select id from accounts where role = $1 for update', [masterRole]);
  return rows.map((row) => row.id);
}

export async function idTaken(client: DbClient, id: string): Promise<boolean> {
  return (await client.query('select 1 from accounts where lower(id) = lower($1)', [id])).rows.length > 0;
}

export interface NewAccount {
  id: string;
  passwordHash: string;
  name: string;
  title: string;
  role: number;
  aeTitle: string;
  referringPhysicianName: string;
}

export async function insertAccount(client: DbClient, a: NewAccount): Promise<void> {
  await client.query(
    `insert into accounts (id, password_hash, name, title, role, ae_title, referring_physician_name)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [a.id, a.passwordHash, a.name, a.title, a.role, a.aeTitle, a.referringPhysicianName],
  );
}

/** The account (any case), locked for the rest of the transaction. */
export async function lockAccount(client: DbClient, id: string): Promise<{ id: string; role: number } | undefined> {
  const { rows } = await client.query<{ id: string; role: number }>(
    'select id, role from accounts where lower(id) = lower($1) for update',
    [id],
  );
  return rows[0];
}

/** Null fields keep their value. */
export interface AccountUpdate {
  name: string | null;
  title: string | null;
  passwordHash: string | null;
  role: number | null;
  aeTitle: string | null;
  referringPhysicianName: string | null;
}

export async function updateAccount(client: DbClient, id: string, u: AccountUpdate): Promise<void> {
  await client.query(
    `update accounts set name = coalesce($2, name), title = coalesce($3, title), password_hash = coalesce($4, password_hash),
            role = coalesce($5, role), ae_title = coalesce($6, ae_title),
            referring_physician_name = coalesce($7, referring_physician_name), updated_at = now()
      where id = $1`,
    [id, u.name, u.title, u.passwordHash, u.role, u.aeTitle, u.referringPhysicianName],
  );
}

export async function deleteAccount(client: DbClient, id: string): Promise<void> {
  await client.query('delete from accounts where id = $1', [id]);
}
