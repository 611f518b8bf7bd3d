/** Every SQL statement of the import: what the index holds of a file's study and series, and who sees it. */
import type { Auth } from '../../access/auth.ts';
import { visibleSeries, visibleStudies } from '../../access/visibility.sql.ts';
import type { Db } from '../../db/pool.ts';

/** Whether the caller sees each indexed copy of a study (twins give several); [] when none is indexed. */
export async function studyCopiesSeen(db: Db, auth: Auth, studyUid: string): Promise<boolean[]> {
  const visible = visibleStudies(auth, 2);
  const { rows } = await db.query<{ seen: boolean }>(`select (${visible.sql}) as seen from studies st where st.study_instance_uid = $1`, [
    studyUid,
    ...visible.params,
  ]);
  return rows.map((row) => row.seen);
}

/** The series-level predicate for a caller. */
export function seriesPredicate(auth: Auth): ReturnType<typeof visibleSeries> {
  // Both queries below bind the study UID as $1 and one more value as $2: one predicate serves both.
  return visibleSeries(auth, 3);
}

/** Whether the caller sees each indexed copy of a series. */
export async function seriesCopiesSeen(
  db: Db,
  visible: ReturnType<typeof visibleSeries>,
  studyUid: string,
  seriesUid: string,
): Promise<boolean[]> {
  const { rows } = await db.query<{ seen: boolean }>(
    `select (${visible.sql}) as seen from series s join studies st on st.id = s.study_id
      where st.study_instance_uid = $1 and s.series_instance_uid = $2`,
    [studyUid, seriesUid, ...visible.params],
  );
  return rows.map((row) => row.seen);
}

/** Whether the caller would see a new series of this modality in each copy of the study. */
export async function newSeriesSeen(
  db: Db,
  visible: ReturnType<typeof visibleSeries>,
  studyUid: string,
  modality: string,
): Promise<boolean[]> {
  const { rows } = await db.query<{ seen: boolean }>(
    `select (${visible.sql}) as seen from studies st cross join (select $2::text as modality, null::timestamptz as trashed_at) s where st.study_instance_uid = $1`,
    [studyUid, modality, ...visible.params],
  );
  return rows.map((row) => row.seen);
}

/** Per indexed study UID: whether the caller sees every copy. */
export async function studiesSeen(db: Db, auth: Auth, studyUids: string[]): Promise<{ uid: string; seen: boolean }[]> {
  const visible = visibleStudies(auth, 2);
  const { rows } = await db.query<{ uid: string; seen: boolean }>(
    `select st.study_instance_uid as uid, bool_and(${visible.sql}) as seen from studies st where st.study_instance_uid = any($1)
      group by st.study_instance_uid`,
    [studyUids, ...visible.params],
  );
  return rows;
}
