-- A forward names the instances its destination refused (issue 15; docs/decisions.md "Forward:
-- which instances a destination refused"). Orthanc 1.10's store job stops at the first refusal and
-- says only how far it got, so the adapter keeps the instances in the order it gave them, resends
-- the unconfirmed ones around the stop one by one to find the refused one, and goes on with the rest.
alter table forward_jobs
  -- The Orthanc ids in the order sent; null for forwards made before this migration (not resumed).
  add column instance_ids text[],
  -- Where in instance_ids the current Orthanc job (orthanc_job) starts.
  add column batch_start integer not null default 0 check (batch_start >= 0),
  -- [{SOPInstanceUID, SeriesNumber, InstanceNumber, Reason}] in the order found.
  add column refused jsonb not null default '[]' check (jsonb_typeof(refused) = 'array'),
  -- Refusals since the last instance the destination accepted (bounded: docs/decisions.md).
  add column refused_in_row integer not null default 0,
  -- Instances never offered to the destination because the forward stopped (down, cancelled, bounded).
  add column instances_not_sent integer not null default 0;
