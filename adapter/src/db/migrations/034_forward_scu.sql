-- The forward runs on the adapter's own C-STORE SCU (issue 15, "Speed"; docs/decisions.md
-- "Forward speed"): its state lives here instead of in an Orthanc job. The replica that accepted
-- the forward sends it and writes a heartbeat about every second; another replica takes over a
-- forward whose heartbeat stopped and resumes after the last instance the destination answered.
alter table forward_jobs rename column batch_start to next_instance;
comment on column forward_jobs.next_instance is 'Where in instance_ids the sending resumes: every instance before it was answered (stored or refused).';
-- No Orthanc job any more; kept for the history of forwards made before this migration.
alter table forward_jobs alter column orthanc_job set default '';
alter table forward_jobs
  -- The replica sending it now (host, process and a random part), null when nobody does.
  add column runner text,
  add column heartbeat_at timestamptz;
create index forward_jobs_heartbeat on forward_jobs (heartbeat_at) where finished_at is null;
