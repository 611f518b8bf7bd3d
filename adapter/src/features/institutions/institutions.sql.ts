/** Every SQL statement of the institutions feature. */
import type { Db } from '../../db/pool.ts';
import type { Targets } from '@pacs/common';

export interface InstitutionRow {
  no: number;
  name: string;
  address: string;
  email: string;
  phone: string;
  fax: string;
  website: string;
  targets: unknown;
}

export interface InstitutionFields {
  name: string;
  address: string;
  email: string;
  phone: string;
  fax: string;
  website: string;
  targets: Targets;
}

export async function selectInstitutions(db: Db): Promise<InstitutionRow[]> {
  const { rows } = await db.query<InstitutionRow>('select * from institutions order by no');
  return rows;
}

/** Whether an institution with this number exists (a role's or a share's target must). */
export async function institutionExists(db: Db, no: number): Promise<boolean> {
  return (await db.query('select 1 from institutions where no = $1', [no])).rows.length > 0;
}

export async function selectInstitution(db: Db, no: number): Promise<InstitutionRow | undefined> {
  const { rows } = await db.query<InstitutionRow>('select * from institutions where no = $1', [no]);
  return rows[0];
}

/** Whether another institution has this name (case-insensitive). */
export async function nameTaken(db: Db, name: string, except?: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from institutions where lower(name) = lower($1) and no is distinct from $2', [
    name,
    except ?? null,
  ]);
  return rows.length > 0;
}

export async function insertInstitution(db: Db, fields: InstitutionFields): Promise<InstitutionRow> {
  const { rows } = await db.query<InstitutionRow>(
    `insert into institutions (no, name, address, email, phone, fax, website, targets)
     values ((select coalesce(max(no), 0) + 1 from institutions), $1, $2, $3, $4, $5, $6, $7) returning *`,
    [fields.name, fields.address, fields.email, fields.phone, fields.fax, fields.website, JSON.stringify(fields.targets)],
  );
  return rows[0]!;
}

export async function updateInstitution(db: Db, no: number, fields: InstitutionFields): Promise<InstitutionRow> {
  const { rows } = await db.query<InstitutionRow>(
    `update institutions set name = $2, address = $3, email = $4, phone = $5, fax = $6, website = $7, targets = $8, updated_at = now()
      where no = $1 returning *`,
    [no, fields.name, fields.address, fields.email, fields.phone, fields.fax, fields.website, JSON.stringify(fields.targets)],
  );
  return rows[0]!;
}

export async function hasRoles(db: Db, no: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from roles where institution = $1 limit 1', [no]);
  return rows.length > 0;
}

/** Answers whether a row went. */
export async function deleteInstitution(db: Db, no: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from institutions where no = $1', [no]);
  return (rowCount ?? 0) > 0;
}
