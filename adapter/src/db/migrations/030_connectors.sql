-- Connectors (spec 3 §3, §7; issue 15): in the cloud and teleradiology editions a connector at
-- the hospital relays its modalities' studies to the archive. It groups the providers (AE title,
-- port) it listens on and proves itself with its public id and a secret key, of which only the
-- SHA-256 is kept (features/network/connectors.*.ts; docs/decisions.md "Connectors").
create table connectors (
  no integer generated always as identity primary key,
  name text not null check (length(name) between 1 and 64),
  id text not null unique,
  institution integer not null default 0 references institutions (no) on delete restrict,
  key_hash bytea not null check (length(key_hash) = 32),
  key_created_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A connector's providers go with it (and their DICOM users with them: dicom_users cascades).
alter table providers
  add constraint providers_connector_fkey foreign key (connector) references connectors (no) on delete cascade;

-- The archive's own provider is seeded as No 1 past the identity (network.sql.ts seedProvider):
-- a connector's provider must start after it.
select setval(pg_get_serial_sequence('providers', 'no'), greatest(coalesce(max(no), 0), 1)) from providers;
