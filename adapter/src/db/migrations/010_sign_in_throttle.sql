-- Sign-in throttling per client address, and the account lock per (account, address): someone
-- guessing from one address slows and locks only that address, never the account for everyone
-- (docs/decisions.md "Sign-in throttling, share targets and the heartbeat per caller").

-- Failed sign-ins (and wrong current passwords) per client address.
create table sign_in_failures (
  ip text primary key,
  failures integer not null default 0,
  last_failed_at timestamptz not null default now()
);
create index sign_in_failures_last on sign_in_failures (last_failed_at);

-- Failed sign-ins of one account from one address, and that pair's lock.
create table sign_in_locks (
  account_id text not null references accounts (id) on delete cascade on update cascade,
  ip text not null,
  failures integer not null default 0,
  last_failed_at timestamptz not null default now(),
  locked_at timestamptz,
  primary key (account_id, ip)
);
create index sign_in_locks_last on sign_in_locks (last_failed_at);

-- Studies that left the index, with their row as it was, so the heartbeat's study marker moves for
-- a caller who could see a deleted study (evaluated with the same visibility predicate) and for no
-- one else. Kept a day: a marker only needs to differ from the one a client saw seconds ago, and
-- the heartbeat reads only the latest rows.
create table study_deletions (
  id bigint generated always as identity primary key,
  deleted_at timestamptz not null default now(),
  study jsonb not null
);
create index study_deletions_at on study_deletions (deleted_at desc);

create function log_study_deletions() returns trigger language plpgsql as $$
begin
  insert into study_deletions (study) select to_jsonb(gone) from gone;
  delete from study_deletions where deleted_at < now() - interval '1 day';
  return null;
end $$;

create trigger studies_deleted after delete on studies
  referencing old table as gone for each statement execute function log_study_deletions();
