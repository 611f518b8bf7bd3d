/**
 * Small site-wide facts several features read or move, each stated once: the site's time zone
 * (configs `app.time_zone`, else the server's) and the heartbeat markers the client polls.
 */
import type { Db, DbClient } from './pool.ts';

type Queryable = Db | DbClient;

/** The site's time zone from the configs, else the server's. */
export async function siteTimeZone(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ zone: unknown }>(`select value ->> 'time_zone' as zone from configs where key = 'app'`);
  const zone = rows[0]?.zone;
  return (typeof zone === 'string' && zone) || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Moves a heartbeat marker ('study' when studies, notes or reports change) to now. */
export async function touchHeartbeatMarker(db: Queryable, key: string): Promise<void> {
  await db.query(`insert into heartbeat_markers (key, updated_at) values ($1, now()) on conflict (key) do update set updated_at = now()`, [
    key,
  ]);
}

/** When a heartbeat marker last moved; null when it never did. */
export async function heartbeatMarkerTime(db: Queryable, key: string): Promise<Date | null> {
  const { rows } = await db.query<{ updated_at: Date }>('select updated_at from heartbeat_markers where key = $1', [key]);
  return rows[0]?.updated_at ?? null;
}
