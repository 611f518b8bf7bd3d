-- The recycle bin (issue 16, ARCHITECTURE "Recycle bin"). Trashing marks index rows: a study, a
-- series or an instance whose trashed_at is set is hidden from every list, lookup, share and
-- DICOMweb path (the visibility module adds the condition), and its files stay in Orthanc until the
-- retention period ends or an administrator deletes it for good. Restore clears the mark.
--
-- deleting_at (with delete_run, the run it belongs to) marks a permanent delete under way. The
-- order is: mark (committed), delete in Orthanc (a 404 means already gone), delete the rows. A
-- process killed anywhere in between leaves a marked row, and the next trash job (at start, and
-- every minute) finishes it: the index, the bin and Orthanc agree again.

-- One row per permanent delete run (an administrator's, the retention job's, auto-delete's):
-- `GET /trashdelete/results`. What was deleted is counted here; the audit log keeps the details.
create table trash_delete_runs (
  no bigint generated always as identity primary key,
  trigger text not null check (trigger in ('manual', 'retention', 'auto_delete')),
  account_id text references accounts (id) on delete set null on update cascade,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  studies integer not null default 0,
  series integer not null default 0,
  instances integer not null default 0,
  file_size bigint not null default 0,
  failed integer not null default 0,
  settings jsonb not null default '{}'
);
create index trash_delete_runs_started on trash_delete_runs (started_at desc);

alter table studies add column trashed_at timestamptz, add column trashed_by text, add column deleting_at timestamptz,
  add column delete_run bigint references trash_delete_runs (no) on delete set null;
alter table series add column trashed_at timestamptz, add column trashed_by text, add column deleting_at timestamptz,
  add column delete_run bigint references trash_delete_runs (no) on delete set null;
alter table instances add column trashed_at timestamptz, add column trashed_by text, add column deleting_at timestamptz,
  add column delete_run bigint references trash_delete_runs (no) on delete set null;

create index studies_trashed on studies (trashed_at) where trashed_at is not null;
create index series_trashed on series (study_id) where trashed_at is not null;
create index instances_trashed on instances (series_id) where trashed_at is not null;
create index studies_deleting on studies (id) where deleting_at is not null;
create index series_deleting on series (id) where deleting_at is not null;
create index instances_deleting on instances (id) where deleting_at is not null;
