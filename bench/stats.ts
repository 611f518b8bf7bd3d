/**
 * `npm run bench -- --only=stats`: the statistics calls at 100,000 studies (goal: p95 ≤ 50 ms).
 * Studies, series and instances are written by SQL with arrival times spread over two years, so
 * the triggers run as they do in production, then the facts are counted again by the migration's
 * backfill (its time is a figure too); web connections and shares get two years of facts.
 */
import type { Stack } from '../test/harness/stack.ts';
import { measure, round, type Measurement } from './measure.ts';

export interface StatsBench {
  figures: Record<string, number>;
  results: Measurement[];
}

export async function benchStats(stack: Stack, cookie: string, log: (message: string) => void): Promise<StatsBench> {
  log('statistics: writing 100,000 studies, 100,000 series and 200,000 instances (SQL, triggers on)…');
  await stack.sql(
    `insert into studies (orthanc_id, study_instance_uid, patient_id, study_date, ae_title, institution_name, created_at)
     select 'stats-' || g, '2.25.7' || g, 'SP' || g, to_char(date '2023-01-01' + (g * 7919 % 730), 'YYYYMMDD'),
            (array['CT_1','MR_1','CR_1','US_1'])[1 + g % 4], (array['North','South','East'])[1 + g % 3],
            now() - make_interval(mins => ((g::bigint * 104729) % (730 * 1440))::int)
       from generate_series(1, 100000) g`,
  );
  await stack.sql(
    `insert into series (study_id, orthanc_id, series_instance_uid, modality, created_at)
     select st.id, 'stats-s-' || st.id, '2.25.8' || st.id, (array['CT','MR','CR','US','DX','MG'])[1 + st.id % 6], st.created_at
       from studies st where st.orthanc_id like 'stats-%'`,
  );
  await stack.sql(
    `insert into instances (series_id, orthanc_id, sop_instance_uid, file_size, created_at)
     select s.id, 'stats-i-' || s.id || '-' || k, '2.25.6' || s.id || '.' || k, 400000 + (s.id * 31 % 200000), s.created_at
       from series s cross join generate_series(1, 2) k where s.orthanc_id like 'stats-s-%'`,
  );
  log('statistics: two years of web connections and shares…');
  await stack.sql(
    `insert into statistics_web_accounts (bucket, account_id, institution)
     select statistics_bucket(now() - make_interval(hours => h)), 'user-' || a, a % 3
       from generate_series(0, 730 * 24 - 1, 3) h cross join generate_series(1, 20) a
     on conflict do nothing`,
  );
  await stack.sql(
    `insert into statistics_web_peaks (bucket, institution, peak)
     select statistics_bucket(now() - make_interval(hours => h)), -1, 1 + h % 17 from generate_series(0, 730 * 24 - 1) h
     on conflict do nothing`,
  );
  await stack.sql(`delete from statistics_data; delete from statistics_study_dates; delete from statistics_shares`);
  const started = performance.now();
  await stack.sql('select statistics_backfill()');
  const backfillS = round((performance.now() - started) / 1000);
  await stack.sql(
    `insert into statistics_shares (bucket, kind, institution, shares)
     select statistics_bucket(now() - make_interval(mins => g * 37)), (array['study','patient'])[1 + g % 2], g % 3, 1
       from generate_series(1, 20000) g on conflict do nothing`,
  );
  await stack.sql('analyze');
  const [{ n }] = (await stack.sql<{ n: string }>('select count(*) as n from statistics_data')) as [{ n: string }];
  log(`statistics: ${n} fact rows; backfill ${backfillS} s`);

  const base = `${stack.baseUrl}/viewer/api`;
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const calls: [string, string][] = [
    ['stats_capacity_months', '/capacity/statistics?unit=month'],
    ['stats_capacity_days_1y', `/capacity/statistics?unit=day&startdate=${yearAgo}`],
    ['stats_addedsize_months', '/addedsize/statistics?unit=month'],
    ['stats_addedsize_years_sum', '/addedsize/statistics?unit=year&sum=true'],
    ['stats_deletedsize_months', '/deletedsize/statistics?unit=month'],
    ['stats_share_months', '/share/statistics?unit=month'],
    ['stats_connected_months', '/connected/statistics?unit=month'],
    ['stats_connected_days_1y', `/connected/statistics?unit=day&startdate=${yearAgo}`],
    ['stats_modalities_months', '/modalities/statistics?unit=month'],
    ['stats_modalities_arrival_months', '/modalities/statistics?unit=month&basis=arrival'],
    ['stats_dashboard', '/dashboard'],
  ];
  const results: Measurement[] = [];
  for (const [name, path] of calls) {
    results.push(
      await measure(name, 100, 1, async () => {
        const response = await fetch(`${base}${path}`, { headers: { cookie } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        await response.arrayBuffer();
      }),
    );
  }
  // Its studies are not in Orthanc: removed, or the follower's reconcile would spend minutes on them later.
  await stack.sql(`delete from studies where orthanc_id like 'stats-%'`);
  const statistics = results.filter((result) => result.name !== 'stats_dashboard');
  return {
    figures: {
      stats_p95_ms_100k: Math.max(...statistics.map((result) => result.p95_ms)),
      stats_dashboard_p95_ms_100k: results.find((result) => result.name === 'stats_dashboard')!.p95_ms,
      stats_backfill_s_100k: backfillS,
    },
    results,
  };
}
