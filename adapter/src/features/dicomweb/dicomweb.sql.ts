/** Every SQL statement of the DICOMweb proxy: which answered UIDs the caller sees, a series' files. */
import type { Auth } from '../../access/auth.ts';
import { visibleSeries, visibleStudies } from '../../access/visibility.sql.ts';
import type { Db } from '../../db/pool.ts';

/** Of these study UIDs, the ones the caller sees. */
export async function visibleStudyUids(db: Db, auth: Auth, studyUids: string[]): Promise<Set<string>> {
  const visible = visibleStudies(auth, 2);
  const { rows } = await db.query<{ uid: string }>(
    `select st.study_instance_uid as uid from studies st where st.study_instance_uid = any($1) and (${visible.sql})`,
    [studyUids, ...visible.params],
  );
  return new Set(rows.map((row) => row.uid));
}

/** The series UIDs of these studies that the caller sees (a role limited by modality sees fewer). */
export async function visibleSeriesUids(db: Db, auth: Auth, studyUids: string[]): Promise<Set<string>> {
  const series = visibleSeries(auth, 2);
  const { rows } = await db.query<{ uid: string }>(
    `select s.series_instance_uid as uid from series s join studies st on st.id = s.study_id
      where st.study_instance_uid = any($1) and (${series.sql})`,
    [studyUids, ...series.params],
  );
  return new Set(rows.map((row) => row.uid));
}

/** Orthanc ids of a series' instances in display order, within one study row (of twins, the one checked), not in the bin. */
export async function seriesInstanceIds(db: Db, studyId: number, seriesUid: string): Promise<string[]> {
  const { rows } = await db.query<{ orthanc_id: string }>(
    `select i.orthanc_id from instances i join series s on s.id = i.series_id
      where s.study_id = $1 and s.series_instance_uid = $2 and i.trashed_at is null order by i.instance_number asc nulls last, i.id asc`,
    [studyId, seriesUid],
  );
  return rows.map((row) => row.orthanc_id);
}

/** Of these SOP Instance UIDs, the ones in the recycle bin (an instance-level QIDO leaves them out). */
export async function trashedInstanceUids(db: Db, sopUids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ uid: string }>(
    'select sop_instance_uid as uid from instances where sop_instance_uid = any($1) and trashed_at is not null',
    [sopUids],
  );
  return new Set(rows.map((row) => row.uid));
}
