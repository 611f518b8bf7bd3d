-- The list downloaded as CSV (issue 15): who took which studies out of the archive, and when, for
-- the audit log (forwards: forward_jobs; exports: export_jobs).
create table csv_downloads (
  id bigint generated always as identity primary key,
  account_id text references accounts (id) on delete set null on update cascade,
  -- The selected studies' UIDs, or null for the whole current search.
  selected_uids text[],
  -- The search as the list sent it (its typed form, JSON).
  search jsonb not null,
  rows integer not null,
  truncated boolean not null,
  created_at timestamptz not null default now()
);
create index csv_downloads_account on csv_downloads (account_id, created_at desc);
