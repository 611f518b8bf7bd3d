-- Statistics read days, not 15-minute buckets (issue 20: 359 ms at 100,000 studies, goal 50 ms).
--
-- 024's bucket tables stay the facts (kept in UTC, so a change of time zone can regroup history);
-- each gets a per-day table beside it, cut in the site's time zone, that triggers on the bucket
-- table keep equal to it whoever writes the buckets (the index triggers, the backfill, a test).
-- The zone the days are cut in is statistics_day_zone; the adapter asks statistics_cut_days(zone)
-- before it reads, which recuts every day table when the site's zone changed (docs/decisions.md
-- "Statistics by day").
--
-- And the index triggers of 024 (five functions repeating one upsert) become one function.

-- One change of the index, counted: what statistics_count adds to the current bucket.
create type statistics_delta as (
  ae_title text,
  institution_name text,
  modality text,
  added_bytes bigint,
  added_instances bigint,
  deleted_bytes bigint,
  deleted_instances bigint,
  studies bigint
);

create function statistics_count(deltas statistics_delta[]) returns void language sql as $$
  insert into statistics_data as d (bucket, ae_title, institution_name, modality, added_bytes, added_instances, deleted_bytes, deleted_instances, studies)
  select statistics_bucket(now()), x.ae_title, x.institution_name, x.modality,
         sum(x.added_bytes), sum(x.added_instances), sum(x.deleted_bytes), sum(x.deleted_instances), sum(x.studies)
    from unnest(deltas) x
   group by 2, 3, 4
   order by 2, 3, 4
  on conflict (bucket, ae_title, institution_name, modality) do update
    set added_bytes = d.added_bytes + excluded.added_bytes, added_instances = d.added_instances + excluded.added_instances,
        deleted_bytes = d.deleted_bytes + excluded.deleted_bytes, deleted_instances = d.deleted_instances + excluded.deleted_instances,
        studies = d.studies + excluded.studies
$$;

-- Every index change that counts, as 024 counted it: instances added, resized (tag editing keeps
-- the row: the difference) and deleted; a series or study deleted as a whole counted before its
-- rows go (the cascade removes instances after their parents, when the AE title and modality can
-- no longer be read; instances of the cascade then drop out of the join, so nothing counts twice);
-- a study received with a modality it did not have yet, by arrival and by StudyDate.
create function statistics_index_changed() returns trigger language plpgsql as $$
declare
  studies bigint[];
  modalities text[];
begin
  if tg_table_name = 'instances' and tg_op = 'INSERT' then
    perform statistics_count(array(
      select row(st.ae_title, st.institution_name, s.modality, n.file_size, 1, 0, 0, 0)::statistics_delta
        from new_rows n join series s on s.id = n.series_id join studies st on st.id = s.study_id));
  elsif tg_table_name = 'instances' and tg_op = 'UPDATE' then
    perform statistics_count(array(
      select row(st.ae_title, st.institution_name, s.modality, greatest(n.file_size - o.file_size, 0), 0,
                 greatest(o.file_size - n.file_size, 0), 0, 0)::statistics_delta
        from old_rows o join new_rows n on n.id = o.id join series s on s.id = n.series_id join studies st on st.id = s.study_id
       where n.file_size <> o.file_size));
  elsif tg_table_name = 'instances' then
    perform statistics_count(array(
      select row(st.ae_title, st.institution_name, s.modality, 0, 0, o.file_size, 1, 0)::statistics_delta
        from old_rows o join series s on s.id = o.series_id join studies st on st.id = s.study_id));
  elsif tg_table_name = 'series' and tg_op = 'DELETE' then
    perform statistics_count(array(
      select row(st.ae_title, st.institution_name, old.modality, 0, 0, i.file_size, 1, 0)::statistics_delta
        from studies st join instances i on i.series_id = old.id where st.id = old.study_id));
    return old;
  elsif tg_table_name = 'studies' then
    perform statistics_count(array(
      select row(old.ae_title, old.institution_name, s.modality, 0, 0, i.file_size, 1, 0)::statistics_delta
        from series s join instances i on i.series_id = s.id where s.study_id = old.id));
    return old;
  else
    select array_agg(x.study_id), array_agg(x.modality) into studies, modalities
      from (select distinct n.study_id, n.modality from new_rows n
             where not exists (select 1 from series s where s.study_id = n.study_id and s.modality = n.modality
                                 and not exists (select 1 from new_rows m where m.id = s.id))) x;
    perform statistics_count(array(
      select row(st.ae_title, st.institution_name, x.modality, 0, 0, 0, 0, 1)::statistics_delta
        from unnest(studies, modalities) x(study_id, modality) join studies st on st.id = x.study_id));
    insert into statistics_study_dates as d (study_date, ae_title, institution_name, modality, studies)
    select statistics_study_date(st.study_date), st.ae_title, st.institution_name, x.modality, count(*)
      from unnest(studies, modalities) x(study_id, modality) join studies st on st.id = x.study_id
     where statistics_study_date(st.study_date) is not null
     group by 1, 2, 3, 4
     order by 1, 2, 3, 4
    on conflict (study_date, ae_title, institution_name, modality) do update set studies = d.studies + excluded.studies;
  end if;
  return null;
end $$;

drop trigger statistics_instances_added on instances;
drop trigger statistics_instances_resized on instances;
drop trigger statistics_instances_deleted on instances;
drop trigger statistics_series_deleting on series;
drop trigger statistics_study_deleting on studies;
drop trigger statistics_series_added on series;
drop function statistics_instances_added();
drop function statistics_instances_resized();
drop function statistics_instances_deleted();
drop function statistics_series_deleting();
drop function statistics_study_deleting();
drop function statistics_series_added();

create trigger statistics_instances_added after insert on instances
  referencing new table as new_rows for each statement execute function statistics_index_changed();
create trigger statistics_instances_resized after update on instances
  referencing old table as old_rows new table as new_rows for each statement execute function statistics_index_changed();
create trigger statistics_instances_deleted after delete on instances
  referencing old table as old_rows for each statement execute function statistics_index_changed();
create trigger statistics_series_deleting before delete on series
  for each row execute function statistics_index_changed();
create trigger statistics_study_deleting before delete on studies
  for each row execute function statistics_index_changed();
create trigger statistics_series_added after insert on series
  referencing new table as new_rows for each statement execute function statistics_index_changed();

-- The days.
create table statistics_day_zone (
  id integer primary key check (id = 1),
  zone text not null
);

create table statistics_data_days (
  day date not null,
  ae_title text not null,
  institution_name text not null,
  modality text not null,
  added_bytes bigint not null default 0,
  added_instances bigint not null default 0,
  deleted_bytes bigint not null default 0,
  deleted_instances bigint not null default 0,
  studies bigint not null default 0,
  primary key (day, ae_title, institution_name, modality)
);

create table statistics_share_days (
  day date not null,
  kind text not null,
  institution integer not null,
  shares bigint not null default 0,
  primary key (day, kind, institution)
);

-- An account seen on a day, with the number of its buckets that day (so a deleted bucket row
-- can be taken back exactly).
create table statistics_web_account_days (
  day date not null,
  account_id text not null,
  institution integer not null,
  buckets integer not null,
  primary key (day, account_id, institution)
);

create table statistics_web_peak_days (
  day date not null,
  institution integer not null,
  peak integer not null,
  primary key (day, institution)
);

-- Folds changed bucket rows into their days (bucket rows added count +1, removed −1). The zone
-- row is read `for share`: a recut (statistics_cut_days) waits for this transaction, and this
-- one for a recut, so no day is ever cut in the old zone after a recut.
create function statistics_fold_days() returns trigger language plpgsql as $$
declare
  z text;
begin
  select zone into z from statistics_day_zone where id = 1 for share;
  if tg_table_name = 'statistics_data' then
    declare
      added statistics_data[];
      removed statistics_data[];
    begin
      if tg_op <> 'DELETE' then added := array(select n from new_rows n); end if;
      if tg_op <> 'INSERT' then removed := array(select o from old_rows o); end if;
      insert into statistics_data_days as d (day, ae_title, institution_name, modality, added_bytes, added_instances, deleted_bytes, deleted_instances, studies)
      select (x.bucket at time zone z)::date, x.ae_title, x.institution_name, x.modality, sum(x.sign * x.added_bytes), sum(x.sign * x.added_instances),
             sum(x.sign * x.deleted_bytes), sum(x.sign * x.deleted_instances), sum(x.sign * x.studies)
        from (select 1 as sign, a.* from unnest(added) a union all select -1, r.* from unnest(removed) r) x
       group by 1, 2, 3, 4
       order by 1, 2, 3, 4
      on conflict (day, ae_title, institution_name, modality) do update
        set added_bytes = d.added_bytes + excluded.added_bytes, added_instances = d.added_instances + excluded.added_instances,
            deleted_bytes = d.deleted_bytes + excluded.deleted_bytes, deleted_instances = d.deleted_instances + excluded.deleted_instances,
            studies = d.studies + excluded.studies;
    end;
  elsif tg_table_name = 'statistics_shares' then
    declare
      added statistics_shares[];
      removed statistics_shares[];
    begin
      if tg_op <> 'DELETE' then added := array(select n from new_rows n); end if;
      if tg_op <> 'INSERT' then removed := array(select o from old_rows o); end if;
      insert into statistics_share_days as d (day, kind, institution, shares)
      select (x.bucket at time zone z)::date, x.kind, x.institution, sum(x.sign * x.shares)
        from (select 1 as sign, a.* from unnest(added) a union all select -1, r.* from unnest(removed) r) x
       group by 1, 2, 3
       order by 1, 2, 3
      on conflict (day, kind, institution) do update set shares = d.shares + excluded.shares;
    end;
  elsif tg_table_name = 'statistics_web_accounts' then
    declare
      added statistics_web_accounts[];
      removed statistics_web_accounts[];
    begin
      if tg_op <> 'DELETE' then added := array(select n from new_rows n); end if;
      if tg_op <> 'INSERT' then removed := array(select o from old_rows o); end if;
      insert into statistics_web_account_days as d (day, account_id, institution, buckets)
      select (x.bucket at time zone z)::date, x.account_id, x.institution, sum(x.sign)
        from (select 1 as sign, a.* from unnest(added) a union all select -1, r.* from unnest(removed) r) x
       group by 1, 2, 3
       order by 1, 2, 3
      on conflict (day, account_id, institution) do update set buckets = d.buckets + excluded.buckets;
      delete from statistics_web_account_days where buckets <= 0;
    end;
  else
    -- Peaks: a maximum cannot be taken back, so the days touched are cut again from their buckets.
    declare
      days date[];
    begin
      if tg_op = 'INSERT' then
        days := array(select distinct (n.bucket at time zone z)::date from new_rows n);
      elsif tg_op = 'UPDATE' then
        days := array(select distinct (n.bucket at time zone z)::date from new_rows n
                      union select distinct (o.bucket at time zone z)::date from old_rows o);
      else
        days := array(select distinct (o.bucket at time zone z)::date from old_rows o);
      end if;
      delete from statistics_web_peak_days where day = any(days);
      insert into statistics_web_peak_days (day, institution, peak)
      select x.day, f.institution, max(f.peak)
        from unnest(days) x(day)
        join statistics_web_peaks f on f.bucket >= (x.day::timestamp at time zone z) and f.bucket < ((x.day + 1)::timestamp at time zone z)
       group by 1, 2;
    end;
  end if;
  return null;
end $$;

create trigger statistics_data_days_added after insert on statistics_data
  referencing new table as new_rows for each statement execute function statistics_fold_days();
create trigger statistics_data_days_changed after update on statistics_data
  referencing old table as old_rows new table as new_rows for each statement execute function statistics_fold_days();
create trigger statistics_data_days_removed after delete on statistics_data
  referencing old table as old_rows for each statement execute function statistics_fold_days();
create trigger statistics_share_days_added after insert on statistics_shares
  referencing new table as new_rows for each statement execute function statistics_fold_days();
create trigger statistics_share_days_changed after update on statistics_shares
  referencing old table as old_rows new table as new_rows for each statement execute function statistics_fold_days();
create trigger statistics_share_days_removed after delete on statistics_shares
  referencing old table as old_rows for each statement execute function statistics_fold_days();
create trigger statistics_web_account_days_added after insert on statistics_web_accounts
  referencing new table as new_rows for each statement execute function statistics_fold_days();
create trigger statistics_web_account_days_changed after update on statistics_web_accounts
  referencing old table as old_rows new table as new_rows for each statement execute function statistics_fold_days();
create trigger statistics_web_account_days_removed after delete on statistics_web_accounts
  referencing old table as old_rows for each statement execute function statistics_fold_days();
create trigger statistics_web_peak_days_added after insert on statistics_web_peaks
  referencing new table as new_rows for each statement execute function statistics_fold_days();
create trigger statistics_web_peak_days_changed after update on statistics_web_peaks
  referencing old table as old_rows new table as new_rows for each statement execute function statistics_fold_days();
create trigger statistics_web_peak_days_removed after delete on statistics_web_peaks
  referencing old table as old_rows for each statement execute function statistics_fold_days();

-- Cuts every day table again from the buckets in `new_zone`, when it is not the zone they are
-- cut in; answers whether it did. Concurrent callers wait for the first, then find nothing to do.
create function statistics_cut_days(new_zone text) returns boolean language plpgsql as $$
begin
  update statistics_day_zone set zone = new_zone where id = 1 and zone <> new_zone;
  if not found then
    insert into statistics_day_zone (id, zone) values (1, new_zone) on conflict (id) do nothing;
    if not found then return false; end if;
  end if;
  delete from statistics_data_days;
  insert into statistics_data_days (day, ae_title, institution_name, modality, added_bytes, added_instances, deleted_bytes, deleted_instances, studies)
  select (f.bucket at time zone new_zone)::date, f.ae_title, f.institution_name, f.modality, sum(f.added_bytes), sum(f.added_instances),
         sum(f.deleted_bytes), sum(f.deleted_instances), sum(f.studies)
    from statistics_data f group by 1, 2, 3, 4;
  delete from statistics_share_days;
  insert into statistics_share_days (day, kind, institution, shares)
  select (f.bucket at time zone new_zone)::date, f.kind, f.institution, sum(f.shares) from statistics_shares f group by 1, 2, 3;
  delete from statistics_web_account_days;
  insert into statistics_web_account_days (day, account_id, institution, buckets)
  select (f.bucket at time zone new_zone)::date, f.account_id, f.institution, count(*) from statistics_web_accounts f group by 1, 2, 3;
  delete from statistics_web_peak_days;
  insert into statistics_web_peak_days (day, institution, peak)
  select (f.bucket at time zone new_zone)::date, f.institution, max(f.peak) from statistics_web_peaks f group by 1, 2;
  return true;
end $$;

-- First cut: in the site's zone when one is set (the adapter recuts at its first statistics call
-- if its zone differs).
select statistics_cut_days(coalesce((select nullif(value ->> 'time_zone', '') from configs where key = 'app'), 'UTC'));
