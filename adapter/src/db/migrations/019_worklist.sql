-- The modality worklist (issue 17, ARCHITECTURE "Worklist"): one row per scheduled procedure. Each
-- entry whose status is none or in_progress is also a .wl file in Orthanc's worklist folder
-- (features/worklist/worklist-files.ts), named by its StudyInstanceUID, which is generated when the
-- entry is scheduled and keys it. The study index moves the status: in_progress when a study with
-- the entry's StudyInstanceUID or accession number arrives, completed when that study is stable.
-- Dates and times are DICOM text (YYYYMMDD, HHMMSS), as in the study index.
create table worklist_entries (
  id bigint generated always as identity primary key,
  study_instance_uid text not null unique check (study_instance_uid ~ '^[0-9.]{1,64}$'),
  status text not null default 'none' check (status in ('none', 'in_progress', 'completed', 'disabled', 'deleted')),
  patient_id text not null check (patient_id <> ''),
  patient_name text not null,
  -- Upper-cased, PN separators flattened: what the name search compares (study index's search_patient_name).
  search_patient_name text not null,
  patient_birth_date text not null default '',
  patient_sex text not null default '' check (patient_sex in ('', 'M', 'F', 'O')),
  patient_age text not null default '',
  accession_number text not null default '',
  requested_procedure_id text not null default '',
  requested_procedure_description text not null default '',
  referring_physician_name text not null default '',
  modality text not null check (modality <> ''),
  scheduled_station_ae_title text not null default '',
  scheduled_date text not null check (scheduled_date ~ '^[0-9]{8}$'),
  scheduled_time text not null default '',
  scheduled_performing_physician_name text not null default '',
  scheduled_step_description text not null default '',
  scheduled_step_id text not null default '',
  -- The study that arrived for the entry (its own UID, or another that carried its accession number).
  performed_study_instance_uid text,
  created_by text references accounts (id) on delete set null on update cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  deleted_at timestamptz
);
-- An accession number names one order: unique among entries not deleted.
create unique index worklist_entries_accession on worklist_entries (accession_number)
  where accession_number <> '' and status <> 'deleted';
-- The list's default order (spec 2 §9: UpdatedAt descending).
create index worklist_entries_updated on worklist_entries (updated_at desc, id desc);
-- The study index's follower matches arriving studies against open entries by accession number.
create index worklist_entries_open_accession on worklist_entries (accession_number)
  where status in ('none', 'in_progress') and accession_number <> '';
