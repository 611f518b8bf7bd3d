/**
 * Statistics and the dashboard (spec 3 §2, §7). Every function takes the caller's Auth: the fact
 * rows it counts are those of `statisticsScope` (the caller's targets), shares and connections
 * those of the caller's institution when its scope is limited (docs/decisions.md "Statistics").
 * Periods are cut in the site's time zone; empty periods answer 0.
 */
import { statfs } from 'node:fs/promises';
import {
  PRODUCT_VERSION,
  periodLabel,
  periodLabels,
  todayIn,
  type AssociationCount,
  type AssociationStatisticsRow,
  type ConnectedStatisticsRow,
  type CxrAiCount,
  type Dashboard,
  type DashboardCount,
  type ModalityStatisticsRow,
  type ShareStatisticsRow,
  type SizeStatisticsRow,
  type StatisticsInfo,
  type StatisticsQuery,
  type StatisticsRow,
} from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { statisticsScope, visibleStudies } from '../../access/visibility.ts';
import { siteTimeZone } from '../../db/site.ts';
import type { Deps } from '../../deps.ts';
import { readIndexStatus } from '../../study-index/follower.ts';
import { effectiveLimits } from '../licence/licence-limits.ts';
import * as sql from './statistics.sql.ts';

/** The site's zone and today in it: what the routes need before they parse dates. */
export async function siteDay(deps: Pick<Deps, 'db'>): Promise<{ timeZone: string; today: string }> {
  const timeZone = await siteTimeZone(deps.db);
  // The per-day facts follow the site's zone (a recut, once, after the zone changed).
  await sql.cutDays(deps.db, timeZone);
  return { timeZone, today: todayIn(timeZone) };
}

/** The caller's institution when its figures are limited; null when it counts everyone's. */
function institutionOf(auth: Auth): number | null {
  return statisticsScope(auth, 1) === null ? null : auth.institution;
}

/** One value per period of the query, 0 where no fact fell; running totals with `sum`. */
function fill<T extends { period: string }, R extends StatisticsRow>(
  query: StatisticsQuery,
  rows: T[],
  make: (label: string, row: T | undefined) => R,
  runningKeys: (keyof R)[] = ['Count'],
): R[] {
  const byLabel = new Map(rows.map((row) => [periodLabel(row.period, query.unit), row]));
  const answer = periodLabels(query).map((label) => make(label, byLabel.get(label)));
  if (query.sum) {
    const totals = new Map<keyof R, number>();
    for (const row of answer)
      for (const key of runningKeys) {
        const total = (totals.get(key) ?? 0) + (row[key] as number);
        totals.set(key, total);
        (row[key] as number) = total;
      }
  }
  return answer;
}

export async function addedOrDeletedSize(
  deps: Pick<Deps, 'db'>,
  auth: Auth,
  query: StatisticsQuery,
  which: 'added' | 'deleted',
): Promise<SizeStatisticsRow[]> {
  const rows = await sql.sizesByPeriod(deps.db, query, statisticsScope(auth, 1));
  return fill(
    query,
    rows,
    (Date, row) => ({
      Date,
      Count: (which === 'added' ? row?.added : row?.deleted) ?? 0,
      Instances: (which === 'added' ? row?.added_instances : row?.deleted_instances) ?? 0,
    }),
    ['Count', 'Instances'],
  );
}

/** Bytes held at the end of each period (a level: `sum` changes nothing). */
export async function capacity(deps: Pick<Deps, 'db'>, auth: Auth, query: StatisticsQuery): Promise<StatisticsRow[]> {
  const scope = statisticsScope(auth, 1);
  const [rows, before] = await Promise.all([sql.sizesByPeriod(deps.db, query, scope), sql.heldBefore(deps.db, query, scope)]);
  let held = before;
  return fill({ ...query, sum: false }, rows, (Date, row) => {
    held += (row?.added ?? 0) - (row?.deleted ?? 0);
    return { Date, Count: held };
  });
}

export async function shares(deps: Pick<Deps, 'db'>, auth: Auth, query: StatisticsQuery): Promise<ShareStatisticsRow[]> {
  const rows = await sql.sharesByPeriod(deps.db, query, institutionOf(auth));
  return fill(
    query,
    rows,
    (Date, row) => ({ Date, Count: (row?.study ?? 0) + (row?.patient ?? 0), Study: row?.study ?? 0, Patient: row?.patient ?? 0 }),
    ['Count', 'Study', 'Patient'],
  );
}

/** Peaks are maxima: `sum` adds up only the distinct accounts. */
export async function connections(deps: Pick<Deps, 'db'>, auth: Auth, query: StatisticsQuery): Promise<ConnectedStatisticsRow[]> {
  const rows = await sql.connectionsByPeriod(deps.db, query, institutionOf(auth));
  return fill(query, rows, (Date, row) => ({ Date, Count: row?.peak ?? 0, Accounts: row?.accounts ?? 0 }), ['Accounts']);
}

const toAssociationCount = (row: Omit<sql.AssociationRow, 'period'>): AssociationCount => ({
  AETitle: row.ae_title,
  Accepted: row.accepted,
  Rejected: row.rejected,
  Peak: row.peak,
});

/**
 * DICOM associations per period, with each calling AE title. `sum` runs Count, Accepted and
 * Rejected (and each AE title's); peaks are maxima. A caller limited to some AE titles gets the
 * largest of their peaks as the period's Peak (the all-callers peak counts associations it does
 * not see).
 */
export async function associations(deps: Pick<Deps, 'db'>, auth: Auth, query: StatisticsQuery): Promise<AssociationStatisticsRow[]> {
  const scope = statisticsScope(auth, 1);
  const [rows, peaks] = await Promise.all([
    sql.associationsByPeriod(deps.db, query, scope),
    scope === null ? sql.associationPeaksByPeriod(deps.db, query) : Promise.resolve([]),
  ]);
  const byPeriod = new Map<string, { period: string; rows: sql.AssociationRow[]; peak: number }>();
  for (const row of rows) {
    const entry = byPeriod.get(row.period) ?? { period: row.period, rows: [], peak: 0 };
    byPeriod.set(row.period, entry);
    entry.rows.push(row);
    if (scope !== null) entry.peak = Math.max(entry.peak, row.peak);
  }
  for (const row of peaks) {
    const entry = byPeriod.get(row.period) ?? { period: row.period, rows: [], peak: 0 };
    byPeriod.set(row.period, entry);
    entry.peak = row.peak;
  }
  const answer = fill<{ period: string; rows: sql.AssociationRow[]; peak: number }, AssociationStatisticsRow>(
    query,
    [...byPeriod.values()],
    (Date, entry) => {
      const accepted = entry?.rows.reduce((total, row) => total + row.accepted, 0) ?? 0;
      const rejected = entry?.rows.reduce((total, row) => total + row.rejected, 0) ?? 0;
      return {
        Date,
        Count: accepted + rejected,
        Accepted: accepted,
        Rejected: rejected,
        Peak: entry?.peak ?? 0,
        AETitles: (entry?.rows ?? []).map(toAssociationCount),
      };
    },
    ['Count', 'Accepted', 'Rejected'],
  );
  if (query.sum) {
    const totals = new Map<string, { Accepted: number; Rejected: number }>();
    for (const row of answer) {
      for (const each of row.AETitles) {
        const total = totals.get(each.AETitle) ?? { Accepted: 0, Rejected: 0 };
        total.Accepted += each.Accepted;
        total.Rejected += each.Rejected;
        totals.set(each.AETitle, total);
      }
      // Every AE title seen so far, with its running totals (one absent this period keeps its total).
      row.AETitles = [...totals].map(([AETitle, total]) => ({
        AETitle,
        ...total,
        Peak: row.AETitles.find((each) => each.AETitle === AETitle)?.Peak ?? 0,
      }));
    }
  }
  return answer;
}

/** Studies per modality: every period × every modality that has studies in the range. */
export async function modalities(
  deps: Pick<Deps, 'db'>,
  auth: Auth,
  query: StatisticsQuery,
  options: { basis: 'study' | 'arrival'; modality?: string },
): Promise<ModalityStatisticsRow[]> {
  const rows = await sql.studiesByModality(deps.db, query, statisticsScope(auth, 1), options);
  const names = [...new Set(rows.map((row) => row.modality))].sort();
  const answer: ModalityStatisticsRow[] = [];
  for (const name of names) {
    const mine = rows.filter((row) => row.modality === name);
    const filled = fill(query, mine, (Date, row) => ({ Date, Modality: name, Count: row?.studies ?? 0 }));
    answer.push(...filled);
  }
  return answer.sort((a, b) => a.Date.localeCompare(b.Date) || a.Modality.localeCompare(b.Modality));
}

/** No CXR AI is licensed in this product yet: Count 0, Date today (spec 3 §3, MaxNumberOfCXR -1). */
export function cxrAiCount(today: string): CxrAiCount {
  return { Count: 0, Date: today };
}

export async function info(deps: Deps, auth: Auth): Promise<StatisticsInfo> {
  const [{ timeZone, today }, backfill, limits] = await Promise.all([siteDay(deps), sql.selectBackfill(deps.db), effectiveLimits(deps)]);
  return {
    TimeZone: timeZone,
    Today: today,
    Backfill: backfill
      ? { DoneAt: backfill.done_at.toISOString(), Studies: backfill.studies, Instances: backfill.instances, Bytes: backfill.bytes }
      : null,
    // The licence's limits (features/licence; 0 draws no line). It carries no capacity yet.
    Caps: { MaxCapacityBytes: 0, MaxMonthlyShares: limits.monthlyShares, MaxWebConnections: limits.webConnections },
    Limited: statisticsScope(auth, 1) !== null,
  };
}

const toCount = (row: sql.TodayRow): DashboardCount => ({ Key: row.key, Studies: row.studies, Instances: row.instances, Bytes: row.bytes });

/** Disk use of Orthanc's storage folder, when the adapter can see it. */
async function storageUse(path: string | null): Promise<Dashboard['Server']['Storage']> {
  if (!path) return null;
  try {
    const stats = await statfs(path);
    return { Path: path, Capacity: stats.blocks * stats.bsize, Used: (stats.blocks - stats.bfree) * stats.bsize };
  } catch {
    return null;
  }
}

export async function dashboard(deps: Deps, auth: Auth, isAdmin: boolean): Promise<Dashboard> {
  const { timeZone, today } = await siteDay(deps);
  const scope = statisticsScope(auth, 1);
  const visible = visibleStudies(auth, 2);
  const open = (await deps.associations?.liveAll()) ?? [];
  const [byModality, byAe, recent, held, heldStudies, live, system, storage, index, associationsToday, reachable] = await Promise.all([
    sql.arrivalsToday(deps.db, today, scope, 'modality'),
    sql.arrivalsToday(deps.db, today, scope, 'ae_title'),
    sql.recentStudies(deps.db, 10, visible),
    sql.heldNow(deps.db, scope),
    sql.countVisibleStudies(deps.db, visibleStudies(auth, 1)),
    deps.sessions.connections(),
    deps.orthanc.getSystem({ timeoutMs: 3000 }).catch(() => null),
    isAdmin ? storageUse(deps.config.orthanc.storageDir) : Promise.resolve(null),
    isAdmin ? readIndexStatus(deps.db, deps.orthanc).catch(() => null) : Promise.resolve(null),
    sql.associationsToday(deps.db, today, scope),
    sql.reachableAeTitles(deps.db, [...new Set(open.map((one) => one.AETitle))], scope),
  ]);
  return {
    Today: today,
    TimeZone: timeZone,
    ArrivalsByModality: byModality.map(toCount),
    ArrivalsByAETitle: byAe.map(toCount),
    WebConnections: live.length,
    DicomConnections: open.filter((one) => reachable.has(one.AETitle)),
    AssociationsByAETitle: associationsToday.map(toAssociationCount),
    LastStudies: recent.map((row) => ({
      StudyInstanceUID: row.study_instance_uid,
      PatientName: row.patient_name,
      PatientID: row.patient_id,
      StudyDate: row.study_date,
      Modalities: row.modalities_in_study,
      AETitle: row.ae_title,
      ReceivedAt: row.created_at.toISOString(),
    })),
    Server: {
      Version: PRODUCT_VERSION,
      OrthancVersion: system?.Version ?? '',
      Storage: storage,
      IndexLag: index?.LagChanges ?? null,
      HeldBytes: held,
      HeldStudies: heldStudies,
    },
  };
}
