/**
 * The heartbeat's study marker per caller: it moves only when a study the caller can see changes,
 * arrives or is deleted, never for someone else's studies (issue 13 item 9). It is the latest of
 * - `updated_at` of the studies the caller can see (the visibility predicate), and
 * - the time a study the caller could see left the index (study_deletions keeps the deleted row,
 *   and the same predicate runs over it).
 * Cost: the client asks every 10 s, so both scans are bounded to the most recently changed rows.
 * A change always makes its study the most recent, so it is always inside the window; a visible
 * study pushed out of the window by newer changes of others only moves the marker once, which
 * costs the client one needless refresh hint, never a missed one.
 */
import type { Auth } from '../../access/auth.ts';
import { visibleStudies } from '../../access/visibility.sql.ts';
import type { Db } from '../../db/pool.ts';

const RECENT_STUDIES = 1000;
const RECENT_DELETIONS = 200;

/** The ISO time of the caller's last visible change; '' when there is none. */
export async function studyMarker(db: Db, auth: Auth): Promise<string> {
  const visible = visibleStudies(auth, 3);
  // "order by … limit 1" over the ordered window stops at the first visible row (one row for an
  // unrestricted caller); max() would evaluate the predicate on the whole window.
  const { rows } = await db.query<{ marker: Date | null }>(
    `select greatest(
       (select st.updated_at from (select * from studies order by updated_at desc limit $1) st
         where (${visible.sql}) order by st.updated_at desc limit 1),
       (select d.deleted_at
          from (select deleted_at, study from study_deletions order by deleted_at desc limit $2) d
          cross join lateral jsonb_populate_record(null::studies, d.study) st
         where (${visible.sql}) order by d.deleted_at desc limit 1)) as marker`,
    [RECENT_STUDIES, RECENT_DELETIONS, ...visible.params],
  );
  return rows[0]?.marker?.toISOString() ?? '';
}

/** The site's country (configs `app.country`, admin/general/localization); '' when not set. */
export async function siteCountry(db: Db): Promise<string> {
  const { rows } = await db.query<{ country: unknown }>(`select value ->> 'country' as country from configs where key = 'app'`);
  const country = rows[0]?.country;
  return typeof country === 'string' ? country : '';
}
