-- DICOM associations per calling AE title (issue 20), read from Orthanc's log by the adapter
-- (features/network/association-follower.ts; docs/decisions.md "DICOM associations from
-- Orthanc's log"). As the other statistics: facts per 15-minute UTC bucket, and per-day rows cut
-- in the site's time zone that a trigger keeps equal to them.

-- Associations accepted and rejected, and the most open at once, per bucket and calling AE title.
create table statistics_associations (
  bucket timestamptz not null,
  ae_title text not null,
  accepted bigint not null default 0,
  rejected bigint not null default 0,
  peak integer not null default 0,
  primary key (bucket, ae_title)
);

-- The most associations open at once from all callers (a sum of the AE titles' peaks would overstate it).
create table statistics_association_peaks (
  bucket timestamptz not null primary key,
  peak integer not null
);

create table statistics_association_days (
  day date not null,
  ae_title text not null,
  accepted bigint not null,
  rejected bigint not null,
  peak integer not null,
  primary key (day, ae_title)
);

create table statistics_association_peak_days (
  day date not null primary key,
  peak integer not null
);

-- How far each log file was counted (a file is known by device, inode and its first line): a
-- restart resumes there, and several replicas following the same file count each line once, since
-- a write counts only lines past the position it finds (locked) and moves it in the same transaction.
create table statistics_association_cursors (
  path text not null,
  file_id text not null,
  position bigint not null,
  updated_at timestamptz not null default now(),
  primary key (path, file_id)
);

-- The zone these days are cut in (027's statistics_day_zone is the other tables'; kept apart so
-- that either recut can tell on its own that the zone changed).
create table statistics_association_zone (
  id integer primary key check (id = 1),
  zone text not null
);

-- Days touched by changed bucket rows are cut again from their buckets: peaks are maxima and
-- cannot be taken back, and a day holds at most 96 buckets per AE title.
create function statistics_association_fold_days() returns trigger language plpgsql as $$
declare
  z text;
  days date[];
begin
  select zone into z from statistics_association_zone where id = 1 for share;
  if tg_op = 'INSERT' then
    days := array(select distinct (n.bucket at time zone z)::date from new_rows n);
  elsif tg_op = 'UPDATE' then
    days := array(select distinct (n.bucket at time zone z)::date from new_rows n
                  union select distinct (o.bucket at time zone z)::date from old_rows o);
  else
    days := array(select distinct (o.bucket at time zone z)::date from old_rows o);
  end if;
  if tg_table_name = 'statistics_associations' then
    delete from statistics_association_days where day = any(days);
    insert into statistics_association_days (day, ae_title, accepted, rejected, peak)
    select x.day, f.ae_title, sum(f.accepted), sum(f.rejected), max(f.peak)
      from unnest(days) x(day)
      join statistics_associations f on f.bucket >= (x.day::timestamp at time zone z) and f.bucket < ((x.day + 1)::timestamp at time zone z)
     group by 1, 2;
  else
    delete from statistics_association_peak_days where day = any(days);
    insert into statistics_association_peak_days (day, peak)
    select x.day, max(f.peak)
      from unnest(days) x(day)
      join statistics_association_peaks f on f.bucket >= (x.day::timestamp at time zone z) and f.bucket < ((x.day + 1)::timestamp at time zone z)
     group by 1;
  end if;
  return null;
end $$;

create trigger statistics_association_days_added after insert on statistics_associations
  referencing new table as new_rows for each statement execute function statistics_association_fold_days();
create trigger statistics_association_days_changed after update on statistics_associations
  referencing old table as old_rows new table as new_rows for each statement execute function statistics_association_fold_days();
create trigger statistics_association_days_removed after delete on statistics_associations
  referencing old table as old_rows for each statement execute function statistics_association_fold_days();
create trigger statistics_association_peak_days_added after insert on statistics_association_peaks
  referencing new table as new_rows for each statement execute function statistics_association_fold_days();
create trigger statistics_association_peak_days_changed after update on statistics_association_peaks
  referencing old table as old_rows new table as new_rows for each statement execute function statistics_association_fold_days();
create trigger statistics_association_peak_days_removed after delete on statistics_association_peaks
  referencing old table as old_rows for each statement execute function statistics_association_fold_days();

-- Cuts the association days again in `new_zone` when they are cut in another; answers whether it did.
create function statistics_cut_association_days(new_zone text) returns boolean language plpgsql as $$
begin
  update statistics_association_zone set zone = new_zone where id = 1 and zone <> new_zone;
  if not found then
    insert into statistics_association_zone (id, zone) values (1, new_zone) on conflict (id) do nothing;
    if not found then return false; end if;
  end if;
  delete from statistics_association_days;
  insert into statistics_association_days (day, ae_title, accepted, rejected, peak)
  select (f.bucket at time zone new_zone)::date, f.ae_title, sum(f.accepted), sum(f.rejected), max(f.peak)
    from statistics_associations f group by 1, 2;
  delete from statistics_association_peak_days;
  insert into statistics_association_peak_days (day, peak)
  select (f.bucket at time zone new_zone)::date, max(f.peak) from statistics_association_peaks f group by 1;
  return true;
end $$;

select statistics_cut_association_days(coalesce((select nullif(value ->> 'time_zone', '') from configs where key = 'app'), 'UTC'));
