-- Licences (issue 19): every activated licence file, newest in force. The file is kept whole so
-- its signature is verified again at every read (a key removed from LICENCE_KEYS stops it);
-- installed_by names the account without a foreign key, so the history outlives the account.
create table licences (
  no bigint generated always as identity primary key,
  licence_id text not null,
  file text not null,
  key_fingerprint text not null,
  installed_at timestamptz not null default now(),
  installed_by text not null
);
