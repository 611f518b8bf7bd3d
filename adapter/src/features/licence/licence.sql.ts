/** Every SQL text of the licence feature. */
import type { Db } from '../../db/pool.ts';

export interface LicenceRow {
  no: number;
  licence_id: string;
  file: string;
  key_fingerprint: string;
  installed_at: Date;
  installed_by: string;
}

/** The licence in force: the newest activated one. */
export async function selectCurrentLicence(db: Db): Promise<LicenceRow | undefined> {
  const { rows } = await db.query<LicenceRow>('select * from licences order by no desc limit 1');
  return rows[0];
}

export async function insertLicence(db: Db, licenceId: string, file: string, fingerprint: string, installedBy: string): Promise<void> {
  await db.query('insert into licences (licence_id, file, key_fingerprint, installed_by) values ($1, $2, $3, $4)', [
    licenceId,
    file,
    fingerprint,
    installedBy,
  ]);
}

/** Studies the archive holds, the recycle bin included (its files still occupy the archive). */
export async function countStudies(db: Db): Promise<number> {
  const { rows } = await db.query<{ count: string }>('select count(*) as count from studies');
  return Number(rows[0]!.count);
}

export async function countAccounts(db: Db): Promise<number> {
  const { rows } = await db.query<{ count: string }>('select count(*) as count from accounts');
  return Number(rows[0]!.count);
}

/** Studies the archive holds plus those of `pending` (study UIDs) the index does not show yet. */
export async function countStudiesWith(db: Db, pending: string[]): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    `select (select count(*) from studies)
          + (select count(*) from unnest($1::text[]) uid where not exists (select 1 from studies s where s.study_instance_uid = uid)) as count`,
    [pending],
  );
  return Number(rows[0]!.count);
}
