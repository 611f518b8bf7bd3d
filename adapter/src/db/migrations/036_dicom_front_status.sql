-- What each DICOM front receiver's spool holds, published by the front itself every few seconds
-- (features/dicom-front/front-status.ts; docs/decisions.md "Every front's spool on the server
-- screen"): in a cluster every replica fronts its own node with its own spool, and the server
-- screen, asked through any replica, shows every front's counts. The heartbeat also says which
-- fronts are alive: a front whose heartbeat is older than 30 s, or that stopped, is not reporting;
-- its open associations (dicom_front_open_associations) are no longer listed or counted in peaks.
-- `front` names the front as those rows do (its DICOM port).
create table dicom_front_status (
  front text primary key,
  pending integer not null,
  failed integer not null,
  stored bigint not null,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  -- Set when the front stopped (the adapter shut down): not reporting at once, not after 30 s.
  stopped_at timestamptz
);
