-- Shares (spec 3 §2–§7): a study, or a patient's studies (optionally some modalities), shared
-- with an institution, a role in it, an account in that role, or a guest holding an access key,
-- until a time. A share is one more way into the visibility module, nothing else.

create table share_studies (
  no bigint generated always as identity primary key,
  study_id bigint not null references studies (id) on delete cascade,
  institution integer references institutions (no) on delete cascade,
  role integer references roles (no) on delete cascade,
  account_id text references accounts (id) on delete cascade on update cascade,
  access_key text unique,
  expires_at timestamptz not null,
  created_by text references accounts (id) on delete set null on update cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- a guest share has a key and no target; any other share names at least an institution
  check ((access_key is null) = (institution is not null))
);
create index share_studies_study on share_studies (study_id);

create table share_patients (
  no bigint generated always as identity primary key,
  patient_id text not null,
  modalities text[] not null default '{}',
  institution integer references institutions (no) on delete cascade,
  role integer references roles (no) on delete cascade,
  account_id text references accounts (id) on delete cascade on update cascade,
  access_key text unique,
  expires_at timestamptz not null,
  created_by text references accounts (id) on delete set null on update cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((access_key is null) = (institution is not null))
);
create index share_patients_patient on share_patients (patient_id);

-- A guest's session holds the access key it signed in with.
alter table sessions add column access_key text;
