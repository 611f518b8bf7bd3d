/** Every SQL statement of the DICOMweb proxy: which answered UIDs the caller sees, a series' files and where they lie. */
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

/** One instance of a series download: its Orthanc id and where the study index says its file is. */
export interface SeriesInstanceFile {
  orthancId: string;
  /** Orthanc's attachment UUID (null when not recorded) and the file's size, a hint for stored-files.ts. */
  location: { uuid: string; size: number } | null;
}

/** A series' instances in display order, within one study row (of twins, the one checked), not in the bin. */
export async function seriesInstanceFiles(db: Db, studyId: number, seriesUid: string): Promise<SeriesInstanceFile[]> {
  const { rows } = await db.query<{ orthanc_id: string; file_uuid: string | null; file_size: number }>(
    `select i.orthanc_id, i.file_uuid, i.file_size from instances i join series s on s.id = i.series_id
      where s.study_id = $1 and s.series_instance_uid = $2 and i.trashed_at is null order by i.instance_number asc nulls last, i.id asc`,
    [studyId, seriesUid],
  );
  return rows.map((row) => ({
    orthancId: row.orthanc_id,
    location: row.file_uuid ? { uuid: row.file_uuid, size: row.file_size } : null,
  }));
}

/** Where the study index says an instance's file is (see seriesInstanceFiles), or null. */
export async function instanceFileLocation(db: Db, orthancId: string): Promise<{ uuid: string; size: number } | null> {
  const { rows } = await db.query<{ file_uuid: string | null; file_size: number }>(
    'select file_uuid, file_size from instances where orthanc_id = $1',
    [orthancId],
  );
  const row = rows[0];
  return row?.file_uuid ? { uuid: row.file_uuid, size: row.file_size } : null;
}

/** Where the study index says each of these instances' files is (see seriesInstanceFiles); absent or null: not recorded. */
export async function instanceFileLocations(
  db: Db,
  orthancIds: readonly string[],
): Promise<Map<string, { uuid: string; size: number } | null>> {
  const { rows } = await db.query<{ orthanc_id: string; file_uuid: string | null; file_size: number }>(
    'select orthanc_id, file_uuid, file_size from instances where orthanc_id = any($1)',
    [orthancIds],
  );
  return new Map(rows.map((row) => [row.orthanc_id, row.file_uuid ? { uuid: row.file_uuid, size: row.file_size } : null]));
}

/** Of these SOP Instance UIDs, the ones in the recycle bin (an instance-level QIDO leaves them out). */
export async function trashedInstanceUids(db: Db, sopUids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ uid: string }>(
    'select sop_instance_uid as uid from instances where sop_instance_uid = any($1) and trashed_at is not null',
    [sopUids],
  );
  return new Set(rows.map((row) => row.uid));
}

/**
 * A series of a study row (of twins, the one checked) and its version for the metadata cache:
 * whatever the study index writes about the series' instances or files moves it
 * (metadata-cache.ts). Undefined when the index does not hold the series.
 */
export async function seriesVersion(db: Db, studyId: number, seriesUid: string): Promise<{ id: string; version: string } | undefined> {
  const { rows } = await db.query<{ id: string; version: string }>(
    `select s.id::text as id,
            s.orthanc_id || ' ' || (extract(epoch from s.updated_at) * 1000000)::bigint || ' ' || s.number_of_instances as version
       from series s where s.study_id = $1 and s.series_instance_uid = $2`,
    [studyId, seriesUid],
  );
  return rows[0];
}
