-- The study index models what Orthanc holds: one row per Orthanc resource, keyed by Orthanc's id.
-- Orthanc's ids hash (PatientID, StudyInstanceUID, SeriesInstanceUID, SOPInstanceUID), so the same
-- study sent under two PatientIDs is two Orthanc studies with one StudyInstanceUID ("twins"; see
-- docs/decisions.md). The UIDs are therefore looked up, not unique.

alter table studies drop constraint if exists studies_study_instance_uid_key;
alter table series drop constraint if exists series_series_instance_uid_key;
alter table instances drop constraint if exists instances_sop_instance_uid_key;
create index studies_study_instance_uid on studies (study_instance_uid);
create index series_series_instance_uid on series (series_instance_uid);
create index instances_sop_instance_uid on instances (sop_instance_uid);

-- Changes of Orthanc's /changes feed the follower could not apply even one by one: recorded here
-- and skipped, so one bad change never stops the index for everyone.
create table index_skipped_changes (
  id bigint generated always as identity primary key,
  seq bigint not null,
  change_type text not null,
  resource_type text not null,
  orthanc_id text not null,
  error text not null,
  skipped_at timestamptz not null default now()
);
create index index_skipped_changes_at on index_skipped_changes (skipped_at desc);

-- The follower's health, readable by every replica (only one follows): when a page was last
-- applied and the last error it met.
alter table orthanc_changes_cursor
  add column applied_at timestamptz,
  add column last_error text not null default '',
  add column last_error_at timestamptz;
