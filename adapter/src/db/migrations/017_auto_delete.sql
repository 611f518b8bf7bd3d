-- Auto-delete (issue 16; spec 3 §3–§4). The settings live in server_settings (key 'auto_delete');
-- each run, the daily one and an administrator's "Run now", is a row here: `GET /autodelete/results`.
--
-- run_date is the site-local date of a daily run. The unique index lets one daily run a day
-- exist whatever happens: a restart, or a second replica checking in the same minute, inserts
-- nothing and so does not run again.
create table auto_delete_runs (
  no bigint generated always as identity primary key,
  trigger text not null check (trigger in ('schedule', 'manual')),
  run_date date,
  account_id text references accounts (id) on delete set null on update cascade,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  settings jsonb not null default '{}',
  delete_now boolean not null default false,
  studies integer not null default 0,
  file_size bigint not null default 0,
  by_lifetime integer not null default 0,
  by_number_of_studies integer not null default 0,
  by_capacity integer not null default 0,
  kept_draft_report integer not null default 0,
  kept_shared integer not null default 0,
  disk_usage bigint,
  trash_run bigint references trash_delete_runs (no) on delete set null,
  error text,
  check ((trigger = 'schedule') = (run_date is not null))
);
create unique index auto_delete_runs_daily on auto_delete_runs (run_date) where trigger = 'schedule';
create index auto_delete_runs_started on auto_delete_runs (started_at desc);
