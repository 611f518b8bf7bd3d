/** Every SQL statement of the DICOM front receiver: who sent the instances it handed to Orthanc. */
import type { Db, DbClient } from '../../db/pool.ts';
import type { SpoolIdentity } from './spool.ts';

/** Written before the instance is posted to Orthanc, so the index never sees it without its sender. */
export async function recordSender(db: Db | DbClient, identity: SpoolIdentity): Promise<void> {
  await db.query(
    `insert into dicom_front_senders (sop_instance_uid, study_instance_uid, series_instance_uid, patient_id, ae_title)
     values ($1, $2, $3, $4, $5)
     on conflict (sop_instance_uid, study_instance_uid, series_instance_uid, patient_id)
     do update set ae_title = excluded.ae_title, received_at = now()`,
    [identity.sopInstanceUid, identity.studyUid, identity.seriesUid, identity.patientId, identity.callingAet],
  );
}

export interface InstanceKey {
  sopInstanceUid: string;
  studyUid: string;
  seriesUid: string;
  patientId: string;
}

/** The calling AE title the front recorded for exactly this instance, or '' when none. */
export async function selectSender(db: Db | DbClient, key: InstanceKey): Promise<string> {
  const { rows } = await db.query<{ ae_title: string }>(
    `select ae_title from dicom_front_senders
     where sop_instance_uid = $1 and study_instance_uid = $2 and series_instance_uid = $3 and patient_id = $4`,
    [key.sopInstanceUid, key.studyUid, key.seriesUid, key.patientId],
  );
  return rows[0]?.ae_title ?? '';
}

/** Drops rows older than `days` (the index has long taken their AE title). */
export async function pruneSenders(db: Db, days: number): Promise<number> {
  const { rowCount } = await db.query(`delete from dicom_front_senders where received_at < now() - make_interval(days => $1)`, [days]);
  return rowCount ?? 0;
}
