-- Viewer: annotations per user and study, and key images (offered to reports).

create table annotations (
  id bigint generated always as identity primary key,
  study_id bigint not null references studies (id) on delete cascade,
  account_id text not null references accounts (id) on delete cascade on update cascade,
  series_instance_uid text not null,
  sop_instance_uid text not null,
  frame integer not null default 1,
  tool text not null,
  data jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index annotations_study on annotations (study_id, account_id);

create table key_images (
  study_id bigint not null references studies (id) on delete cascade,
  series_instance_uid text not null,
  sop_instance_uid text not null,
  frame integer not null default 1,
  account_id text not null references accounts (id) on delete cascade on update cascade,
  created_at timestamptz not null default now(),
  primary key (study_id, sop_instance_uid, frame)
);
