/**
 * Institutions (spec 1 §3, §7): the rules of creating, changing and deleting them. The routes
 * declare who may call (administrators; sharers read the list), so every function here runs for
 * an allowed caller; the rules are the ones an institution has whoever asks.
 */
import { parseTargets, type Institution } from '@pacs/common';
import type { Db } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import * as sql from './institutions.sql.ts';

export type { InstitutionFields } from './institutions.sql.ts';

export function toInstitution(row: sql.InstitutionRow): Institution {
  return {
    No: row.no,
    Name: row.name,
    Address: row.address,
    Email: row.email,
    Phone: row.phone,
    Fax: row.fax,
    Website: row.website,
    Targets: parseTargets(row.targets),
  };
}

async function assertNameFree(db: Db, name: string, except?: number): Promise<void> {
  if (await sql.nameTaken(db, name, except))
    throw new AppError('already_exists', { Name: 'An item with the entered value already exists' });
}

export async function listInstitutions(db: Db): Promise<Institution[]> {
  return (await sql.selectInstitutions(db)).map(toInstitution);
}

export async function createInstitution(db: Db, fields: sql.InstitutionFields): Promise<Institution> {
  await assertNameFree(db, fields.name);
  return toInstitution(await sql.insertInstitution(db, fields));
}

/** The stored row, for a change that keeps what the request leaves out; 404 when there is none. */
export async function requireInstitution(db: Db, no: number): Promise<sql.InstitutionRow> {
  const found = await sql.selectInstitution(db, no);
  if (!found) throw new AppError('not_found');
  return found;
}

export async function updateInstitution(db: Db, no: number, fields: sql.InstitutionFields): Promise<Institution> {
  await assertNameFree(db, fields.name, no);
  return toInstitution(await sql.updateInstitution(db, no, fields));
}

/** Institution 0 is the installation itself; one with roles keeps them from dangling. */
export async function deleteInstitution(db: Db, no: number): Promise<void> {
  if (no === 0) throw new AppError('conflict', undefined, 'Institution 0 is the installation itself and cannot be deleted.');
  if (await sql.hasRoles(db, no)) throw new AppError('conflict', undefined, 'The institution still has roles; delete or move them first.');
  if (!(await sql.deleteInstitution(db, no))) throw new AppError('not_found');
}
