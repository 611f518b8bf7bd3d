-- Patient records (issue 17, "Patients"; spec 2 §3 Patient): the demographics the worklist picks
-- from, entered before images arrive or imported from the study index once (spec 1 §4 "Patient
-- import"). After the import, each study index batch adds the PatientIDs it has not seen
-- (study-index.sql.ts writeBatch). A PatientID is unique as DICOM compares it: with its case.
-- The checks repeat common/src/patients.ts so a value the API would refuse cannot arrive another way.
create table patients (
  no bigint generated always as identity primary key,
  patient_id text not null check (patient_id <> '' and length(patient_id) <= 64),
  patient_name text not null default '' check (length(patient_name) <= 194),
  -- upper-cased, with ^ and = as spaces, for quick search (the study index's search_patient_name)
  search_patient_name text not null default '',
  patient_sex text not null default '' check (patient_sex in ('', 'M', 'F', 'O')),
  patient_birth_date text not null default '' check (patient_birth_date ~ '^([0-9]{8})?$'),
  patient_comments text not null default '' check (length(patient_comments) <= 10240),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index patients_patient_id on patients (patient_id);
create index patients_updated on patients (updated_at desc, no desc);
create index patients_patient_id_trgm on patients using gin (upper(patient_id) gin_trgm_ops);
create index patients_name_trgm on patients using gin (search_patient_name gin_trgm_ops);
