-- The audit log (issue 19): one row per audited action, append-only, each row chained to the one
-- before by hash = sha256(prev_hash || canonical record) (features/audit/audit-chain.ts), so that
-- an edited, removed or inserted row shows (`npm run audit:verify`). Rows are numbered in chain
-- order by the writer, under an advisory lock, so several replicas never fork the chain.
-- No foreign keys: a record outlives the account, share and study it names.
create table audit_events (
  id bigint primary key,
  at timestamptz not null,
  account_id text,
  -- A share guest acted through this share: 'study-12' or 'patient-3' (never the access key).
  share text,
  ip text not null default '',
  action text not null,
  outcome text not null check (outcome in ('success', 'failure')),
  study_instance_uid text,
  patient_id text,
  patient_name text,
  details jsonb not null default '{}',
  prev_hash text not null,
  hash text not null
);
create index audit_events_at on audit_events (at);
create index audit_events_account on audit_events (lower(account_id), id);
create index audit_events_study on audit_events (study_instance_uid, id) where study_instance_uid is not null;
create index audit_events_patient on audit_events (patient_id, id) where patient_id is not null;

-- Append-only: UPDATE and TRUNCATE are refused, DELETE only for rows below the bound that
-- audit_prune() sets for its own statement (the retention). Whoever can bypass triggers (a
-- superuser with session_replication_role = replica) can still edit; the hash chain shows it.
create function audit_events_append_only() returns trigger language plpgsql as $$
declare
  below text := current_setting('pacs.audit_prune_below', true);
begin
  if tg_op = 'DELETE' and below is not null and below <> '' and old.id < below::bigint then
    return old;
  end if;
  raise exception 'audit_events is append-only (% refused)', tg_op using errcode = '42501';
end $$;

create trigger audit_events_no_update before update or delete on audit_events
  for each row execute function audit_events_append_only();
create trigger audit_events_no_truncate before truncate on audit_events
  for each statement execute function audit_events_append_only();

-- Retention: removes the oldest records, a contiguous run from the start of the chain up to the
-- first record at or after `keep_from`, and answers how many went with the last one's id and hash
-- (the caller records them in an audit_prune event, so the shortened chain still verifies).
create function audit_prune(keep_from timestamptz, out removed bigint, out last_id bigint, out last_hash text)
language plpgsql as $$
declare
  bound bigint;
begin
  select coalesce(min(id), (select max(id) + 1 from audit_events where at < keep_from))
    into bound from audit_events where at >= keep_from;
  removed := 0;
  if bound is null then return; end if;
  select id, hash into last_id, last_hash from audit_events where id < bound order by id desc limit 1;
  if last_id is null then return; end if;
  perform set_config('pacs.audit_prune_below', bound::text, true);
  delete from audit_events where id < bound;
  get diagnostics removed = row_count;
  perform set_config('pacs.audit_prune_below', '', true);
end $$;
