-- Forwarding studies to a send destination by C-STORE (issue 15): one row per study sent, which
-- is also what the audit log will show (who, what, where to, when). The destination is copied
-- into the row: deleting or changing a destination later does not rewrite history.
create table forward_jobs (
  id bigint generated always as identity primary key,
  account_id text references accounts (id) on delete set null on update cascade,
  destination integer references send_destinations (no) on delete set null,
  destination_name text not null,
  called_ae_title text not null,
  ip_address text not null,
  port integer not null,
  study_instance_uid text not null,
  patient_name text not null default '',
  -- What was asked for: 'study', or the series / instances named.
  scope text not null check (scope in ('study', 'series', 'instances')),
  orthanc_job text not null,
  instances_total integer not null,
  -- Orthanc's job states, lower-cased: pending, running, success, failure, paused, retry.
  state text not null default 'pending',
  progress integer not null default 0,
  instances_failed integer not null default 0,
  error text not null default '',
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index forward_jobs_account on forward_jobs (account_id, created_at desc);
create index forward_jobs_open on forward_jobs (id) where finished_at is null;
