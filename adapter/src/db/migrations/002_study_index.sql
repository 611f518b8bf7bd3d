-- The study index (ARCHITECTURE "Who owns which data"): one row per study, series and instance
-- with the tags the list shows, fed by following Orthanc's /changes. It can be rebuilt from
-- Orthanc at any time; Orthanc owns the files.

create extension if not exists pg_trgm;

create table studies (
  id bigint generated always as identity primary key,
  orthanc_id text not null unique,
  study_instance_uid text not null unique,
  patient_id text not null default '',
  patient_name text not null default '',
  patient_birth_date text not null default '',
  patient_sex text not null default '',
  patient_age text not null default '',
  patient_comments text not null default '',
  study_date text not null default '',
  study_time text not null default '',
  accession_number text not null default '',
  study_description text not null default '',
  study_id text not null default '',
  referring_physician_name text not null default '',
  performing_physician_name text not null default '',
  institution_name text not null default '',
  -- the sending AE title of the study's first instance (Orthanc's RemoteAET metadata)
  ae_title text not null default '',
  modalities_in_study text[] not null default '{}',
  body_parts_in_study text[] not null default '{}',
  number_of_series integer not null default 0,
  number_of_instances integer not null default 0,
  file_size bigint not null default 0,
  ctdivols double precision[] not null default '{}',
  total_dlp double precision,
  note text not null default '',
  -- upper-cased, accent-kept forms for quick search (trigram indexes below)
  search_patient_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index studies_date_time on studies (study_date desc, study_time desc, id desc);
create index studies_updated on studies (updated_at desc);
create index studies_patient_id on studies (patient_id);
create index studies_accession on studies (accession_number);
create index studies_patient_id_trgm on studies using gin (upper(patient_id) gin_trgm_ops);
create index studies_patient_name_trgm on studies using gin (search_patient_name gin_trgm_ops);
create index studies_ae_title on studies (ae_title);
create index studies_institution_name on studies (institution_name);
create index studies_modalities on studies using gin (modalities_in_study);

create table series (
  id bigint generated always as identity primary key,
  study_id bigint not null references studies (id) on delete cascade,
  orthanc_id text not null unique,
  series_instance_uid text not null unique,
  series_number integer,
  series_description text not null default '',
  modality text not null default '',
  body_part_examined text not null default '',
  series_date text not null default '',
  series_time text not null default '',
  performing_physician_name text not null default '',
  institution_name text not null default '',
  ae_title text not null default '',
  number_of_instances integer not null default 0,
  file_size bigint not null default 0,
  ctdivol double precision,
  dlp double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index series_study on series (study_id);

create table instances (
  id bigint generated always as identity primary key,
  series_id bigint not null references series (id) on delete cascade,
  orthanc_id text not null unique,
  sop_instance_uid text not null unique,
  instance_number integer,
  number_of_frames integer not null default 1,
  file_size bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index instances_series on instances (series_id, instance_number);

-- Per-user favourites (a radiologist's own list); notes are shared on the study row.
create table study_favorites (
  account_id text not null references accounts (id) on delete cascade on update cascade,
  study_id bigint not null references studies (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (account_id, study_id)
);

-- Where the /changes follower stands. One row.
create table orthanc_changes_cursor (
  id integer primary key check (id = 1),
  last_seq bigint not null,
  updated_at timestamptz not null default now()
);
