-- Exports of studies as a zip with a DICOMDIR (issue 15): one row per download, for the audit log
-- (who, what, anonymized or not, when, and how it ended). The archive itself is never kept.
create table export_jobs (
  id bigint generated always as identity primary key,
  account_id text references accounts (id) on delete set null on update cascade,
  study_instance_uids text[] not null,
  -- Series named on their own ('{}' when only whole studies were asked for).
  series_instance_uids text[] not null default '{}',
  instances_total integer not null,
  -- The configs' anonymization keys applied ('{}': not anonymized).
  anonymization text[] not null default '{}',
  state text not null default 'running' check (state in ('running', 'completed', 'failed', 'cancelled')),
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index export_jobs_account on export_jobs (account_id, created_at desc);
