/** Every SQL statement of the viewer's stored extras: annotations, key images, captures, exports. */
import type { Auth } from '../../access/auth.ts';
import { visibleSeries } from '../../access/visibility.sql.ts';
import type { Db, DbClient } from '../../db/pool.ts';

export interface AnnotationRow {
  id: number;
  account_id: string;
  name: string;
  series_instance_uid: string;
  sop_instance_uid: string;
  frame: number;
  tool: string;
  data: unknown;
  updated_at: Date;
}

export interface AnnotationInput {
  series: string;
  instance: string;
  frame: number;
  tool: string;
  /** JSON text. */
  data: string;
}

export async function selectAnnotations(db: Db, studyId: number): Promise<AnnotationRow[]> {
  const { rows } = await db.query<AnnotationRow>(
    `select n.id, n.account_id, a.name, n.series_instance_uid, n.sop_instance_uid, n.frame, n.tool, n.data, n.updated_at
       from annotations n join accounts a on a.id = n.account_id where n.study_id = $1 order by n.id`,
    [studyId],
  );
  return rows;
}

/** Inside a transaction: the account's annotations on the study become `items`. */
export async function replaceAnnotations(
  client: DbClient,
  studyId: number,
  accountId: string,
  items: readonly AnnotationInput[],
): Promise<void> {
  await client.query('delete from annotations where study_id = $1 and account_id = $2', [studyId, accountId]);
  for (const item of items) {
    await client.query(
      `insert into annotations (study_id, account_id, series_instance_uid, sop_instance_uid, frame, tool, data)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [studyId, accountId, item.series, item.instance, item.frame, item.tool, item.data],
    );
  }
}

export interface KeyImageRow {
  no: number;
  series_instance_uid: string;
  sop_instance_uid: string;
  frame: number;
  account_id: string;
  created_at: Date;
}

export async function selectKeyImages(db: Db, studyId: number): Promise<KeyImageRow[]> {
  const { rows } = await db.query<KeyImageRow>(
    `select no, series_instance_uid, sop_instance_uid, frame, account_id, created_at from key_images where study_id = $1 order by no`,
    [studyId],
  );
  return rows;
}

export interface KeyImageRef {
  studyId: number;
  series: string;
  instance: string;
  frame: number;
}

export async function insertKeyImage(db: Db, ref: KeyImageRef, accountId: string): Promise<void> {
  await db.query(
    `insert into key_images (study_id, series_instance_uid, sop_instance_uid, frame, account_id) values ($1, $2, $3, $4, $5)
     on conflict do nothing`,
    [ref.studyId, ref.series, ref.instance, ref.frame, accountId],
  );
}

export async function deleteKeyImage(db: Db, ref: KeyImageRef): Promise<void> {
  await db.query('delete from key_images where study_id = $1 and sop_instance_uid = $2 and frame = $3', [
    ref.studyId,
    ref.instance,
    ref.frame,
  ]);
}

/** A capture's series number: above the study's highest, and at least 1000. */
export async function nextCaptureSeriesNumber(db: Db, studyInstanceUid: string): Promise<number> {
  const { rows } = await db.query<{ next: number }>(
    `select greatest(999, coalesce(max(s.series_number), 0)) + 1 as next from series s join studies st on st.id = s.study_id where st.study_instance_uid = $1`,
    [studyInstanceUid],
  );
  return rows[0]?.next ?? 1000;
}

/** The series the caller sees with this UID (of twins, the newest study's). */
export async function selectVisibleSeries(
  db: Db,
  auth: Auth,
  seriesUid: string,
): Promise<{ orthanc_id: string; description: string } | undefined> {
  const visible = visibleSeries(auth, 2);
  const { rows } = await db.query<{ orthanc_id: string; description: string }>(
    `select s.orthanc_id, s.series_description as description from series s join studies st on st.id = s.study_id
      where s.series_instance_uid = $1 and (${visible.sql}) order by st.id desc limit 1`,
    [seriesUid, ...visible.params],
  );
  return rows[0];
}
