-- Tag edits made from the list (issue 16, "Edit"): who changed which tags of which study, series
-- or instance, from what to what, for the audit log. Rows are only ever added. A study's row may
-- go (deleted for good); its edits stay, named by UID.
create table study_edits (
  id bigint generated always as identity primary key,
  account_id text references accounts (id) on delete set null on update cascade,
  level text not null check (level in ('patient', 'study', 'series', 'instance')),
  study_id bigint references studies (id) on delete set null,
  study_instance_uid text not null,
  series_instance_uid text,
  sop_instance_uid text,
  -- [{"Tag": "PatientName", "Old": "DOE^JOHN", "New": "DOE^JANE"}, ...]
  changes jsonb not null check (jsonb_typeof(changes) = 'array'),
  created_at timestamptz not null default now()
);
create index study_edits_study on study_edits (study_instance_uid, created_at desc);
create index study_edits_account on study_edits (account_id, created_at desc);
