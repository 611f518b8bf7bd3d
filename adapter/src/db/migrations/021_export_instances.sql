-- Exports of single instances (issue 15): the instances named on their own, beside the studies
-- and series already recorded, for the audit log.
alter table export_jobs add column sop_instance_uids text[] not null default '{}';
