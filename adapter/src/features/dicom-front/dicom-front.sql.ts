/**
 * Every SQL statement of the DICOM front receiver: who sent the series it handed to Orthanc. One
 * row per series, kept for ever (migration dicom_front_series_senders): a rebuild of the study
 * index from Orthanc alone needs it as long as the series exists.
 */
import type { Db, DbClient } from '../../db/pool.ts';
import type { SpoolIdentity } from './spool.ts';

/**
 * Written before the instance is posted to Orthanc, so the index never sees it without its
 * sender. The first sender of a series wins, as in the study index (a series' AE title is taken
 * once); later instances of the series write nothing.
 */
export async function recordSender(db: Db | DbClient, identity: SpoolIdentity): Promise<void> {
  await db.query(
    `insert into dicom_front_senders (series_instance_uid, study_instance_uid, patient_id, ae_title)
     values ($1, $2, $3, $4)
     on conflict (series_instance_uid, study_instance_uid, patient_id) do nothing`,
    [identity.seriesUid, identity.studyUid, identity.patientId, identity.callingAet],
  );
}

export interface SeriesKey {
  studyUid: string;
  seriesUid: string;
  patientId: string;
}

/** The calling AE title the front recorded for exactly this series (patient, study and series UIDs), or ''. */
export async function selectSender(db: Db | DbClient, key: SeriesKey): Promise<string> {
  const { rows } = await db.query<{ ae_title: string }>(
    `select ae_title from dicom_front_senders
     where series_instance_uid = $1 and study_instance_uid = $2 and patient_id = $3`,
    [key.seriesUid, key.studyUid, key.patientId],
  );
  return rows[0]?.ae_title ?? '';
}
