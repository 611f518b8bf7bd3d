-- Statistics (issue 20; spec 3 §2, §7): facts written by triggers in the same transaction as the
-- change they count, so every path that adds or removes index rows (the /changes follower, the
-- rebuild, the recycle bin's permanent delete, tag editing), creates a share or touches a session
-- is counted without a call of its own, and nothing is recomputed by scanning Orthanc.
--
-- Facts are kept per 15-minute bucket in UTC, not per day: the day, month or year is decided when
-- asked, in the site's time zone of that moment (every zone's offset is a multiple of 15 minutes,
-- so bucket boundaries fall on local midnights), and changing the time zone regroups history
-- correctly (docs/decisions.md "Statistics").

create function statistics_bucket(at timestamptz) returns timestamptz language sql stable as
$$ select date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') $$;

-- A DICOM date (YYYYMMDD) as a date; null for anything else (a malformed file must not stop the index).
create function statistics_study_date(value text) returns date language plpgsql immutable as $$
begin
  if value !~ '^[0-9]{8}$' then return null; end if;
  return to_date(value, 'YYYYMMDD');
exception when others then
  return null;
end $$;

-- Bytes and instances added and deleted, and studies received, by the study's AE title and
-- InstitutionName (those of its first instance: what visibility reads) and the series' modality.
create table statistics_data (
  bucket timestamptz not null,
  ae_title text not null,
  institution_name text not null,
  modality text not null,
  added_bytes bigint not null default 0,
  added_instances bigint not null default 0,
  deleted_bytes bigint not null default 0,
  deleted_instances bigint not null default 0,
  -- studies whose first series of this modality arrived (a CT+SR study counts once for each)
  studies bigint not null default 0,
  primary key (bucket, ae_title, institution_name, modality)
);

-- Studies received per modality by their StudyDate (a calendar date: no time zone applies).
create table statistics_study_dates (
  study_date date not null,
  ae_title text not null,
  institution_name text not null,
  modality text not null,
  studies bigint not null default 0,
  primary key (study_date, ae_title, institution_name, modality)
);

-- Shares created, by kind and by the institution of the account that created them (-1: unknown).
create table statistics_shares (
  bucket timestamptz not null,
  kind text not null check (kind in ('study', 'patient')),
  institution integer not null,
  shares bigint not null default 0,
  primary key (bucket, kind, institution)
);

-- Accounts seen per bucket (distinct accounts per day are counted from these) and the most
-- sessions seen at once (a web connection: a session seen in the last 5 minutes, as
-- /connected/users counts), for everyone (institution -1) and per institution.
create table statistics_web_accounts (
  bucket timestamptz not null,
  account_id text not null,
  institution integer not null,
  primary key (bucket, account_id)
);
create table statistics_web_peaks (
  bucket timestamptz not null,
  institution integer not null,
  peak integer not null,
  primary key (bucket, institution)
);

-- The one backfill from the index, for data that arrived before these facts were kept.
create table statistics_backfill (
  id integer primary key check (id = 1),
  done_at timestamptz not null default now(),
  studies bigint not null,
  instances bigint not null,
  bytes bigint not null
);

-- The dashboard's last studies received.
create index studies_created on studies (created_at desc, id desc);

-- Instances added: the study and series exist (the index writes them first).
create function statistics_instances_added() returns trigger language plpgsql as $$
begin
  insert into statistics_data as d (bucket, ae_title, institution_name, modality, added_bytes, added_instances)
  select statistics_bucket(now()), st.ae_title, st.institution_name, s.modality, sum(n.file_size), count(*)
    from added n join series s on s.id = n.series_id join studies st on st.id = s.study_id
   group by st.ae_title, st.institution_name, s.modality
   order by 2, 3, 4
  on conflict (bucket, ae_title, institution_name, modality) do update
    set added_bytes = d.added_bytes + excluded.added_bytes, added_instances = d.added_instances + excluded.added_instances;
  return null;
end $$;
create trigger statistics_instances_added after insert on instances
  referencing new table as added for each statement execute function statistics_instances_added();

-- A file replaced with another size (tag editing keeps the instance's row): the difference.
create function statistics_instances_resized() returns trigger language plpgsql as $$
begin
  insert into statistics_data as d (bucket, ae_title, institution_name, modality, added_bytes, deleted_bytes)
  select statistics_bucket(now()), st.ae_title, st.institution_name, s.modality,
         sum(greatest(n.file_size - o.file_size, 0)), sum(greatest(o.file_size - n.file_size, 0))
    from before_rows o join after_rows n on n.id = o.id join series s on s.id = n.series_id join studies st on st.id = s.study_id
   where n.file_size <> o.file_size
   group by st.ae_title, st.institution_name, s.modality
   order by 2, 3, 4
  on conflict (bucket, ae_title, institution_name, modality) do update
    set added_bytes = d.added_bytes + excluded.added_bytes, deleted_bytes = d.deleted_bytes + excluded.deleted_bytes;
  return null;
end $$;
create trigger statistics_instances_resized after update on instances
  referencing old table as before_rows new table as after_rows for each statement execute function statistics_instances_resized();

-- Deletions. A study or series deleted as a whole is counted before its rows go (the cascade
-- removes the instances after their parents, when the AE title and modality can no longer be
-- read); instances deleted alone are counted after, and those whose series went in the same
-- cascade drop out of the join, so nothing is counted twice.
create function statistics_instances_deleted() returns trigger language plpgsql as $$
begin
  insert into statistics_data as d (bucket, ae_title, institution_name, modality, deleted_bytes, deleted_instances)
  select statistics_bucket(now()), st.ae_title, st.institution_name, s.modality, sum(o.file_size), count(*)
    from gone o join series s on s.id = o.series_id join studies st on st.id = s.study_id
   group by st.ae_title, st.institution_name, s.modality
   order by 2, 3, 4
  on conflict (bucket, ae_title, institution_name, modality) do update
    set deleted_bytes = d.deleted_bytes + excluded.deleted_bytes, deleted_instances = d.deleted_instances + excluded.deleted_instances;
  return null;
end $$;
create trigger statistics_instances_deleted after delete on instances
  referencing old table as gone for each statement execute function statistics_instances_deleted();

create function statistics_series_deleting() returns trigger language plpgsql as $$
begin
  insert into statistics_data as d (bucket, ae_title, institution_name, modality, deleted_bytes, deleted_instances)
  select statistics_bucket(now()), st.ae_title, st.institution_name, old.modality, sum(i.file_size), count(*)
    from studies st join instances i on i.series_id = old.id
   where st.id = old.study_id
   group by st.ae_title, st.institution_name
  on conflict (bucket, ae_title, institution_name, modality) do update
    set deleted_bytes = d.deleted_bytes + excluded.deleted_bytes, deleted_instances = d.deleted_instances + excluded.deleted_instances;
  return old;
end $$;
create trigger statistics_series_deleting before delete on series
  for each row execute function statistics_series_deleting();

create function statistics_study_deleting() returns trigger language plpgsql as $$
begin
  insert into statistics_data as d (bucket, ae_title, institution_name, modality, deleted_bytes, deleted_instances)
  select statistics_bucket(now()), old.ae_title, old.institution_name, s.modality, sum(i.file_size), count(*)
    from series s join instances i on i.series_id = s.id
   where s.study_id = old.id
   group by s.modality
   order by 4
  on conflict (bucket, ae_title, institution_name, modality) do update
    set deleted_bytes = d.deleted_bytes + excluded.deleted_bytes, deleted_instances = d.deleted_instances + excluded.deleted_instances;
  return old;
end $$;
create trigger statistics_study_deleting before delete on studies
  for each row execute function statistics_study_deleting();

-- A study received with a modality it did not have yet: by arrival and by StudyDate.
create function statistics_series_added() returns trigger language plpgsql as $$
begin
  with fresh as (
    select distinct n.study_id, n.modality from added n
     where not exists (select 1 from series s where s.study_id = n.study_id and s.modality = n.modality
                         and not exists (select 1 from added m where m.id = s.id))
  ), by_arrival as (
    insert into statistics_data as d (bucket, ae_title, institution_name, modality, studies)
    select statistics_bucket(now()), st.ae_title, st.institution_name, x.modality, count(*)
      from fresh x join studies st on st.id = x.study_id
     group by st.ae_title, st.institution_name, x.modality
     order by 2, 3, 4
    on conflict (bucket, ae_title, institution_name, modality) do update set studies = d.studies + excluded.studies
  )
  insert into statistics_study_dates as d (study_date, ae_title, institution_name, modality, studies)
  select statistics_study_date(st.study_date), st.ae_title, st.institution_name, x.modality, count(*)
    from fresh x join studies st on st.id = x.study_id
   where statistics_study_date(st.study_date) is not null
   group by 1, 2, 3, 4
   order by 1, 2, 3, 4
  on conflict (study_date, ae_title, institution_name, modality) do update set studies = d.studies + excluded.studies;
  return null;
end $$;
create trigger statistics_series_added after insert on series
  referencing new table as added for each statement execute function statistics_series_added();

create function statistics_shares_added() returns trigger language plpgsql as $$
begin
  insert into statistics_shares as d (bucket, kind, institution, shares)
  select statistics_bucket(now()), tg_argv[0], coalesce(r.institution, -1), count(*)
    from added n left join accounts a on a.id = n.created_by left join roles r on r.no = a.role
   group by 3
   order by 3
  on conflict (bucket, kind, institution) do update set shares = d.shares + excluded.shares;
  return null;
end $$;
create trigger statistics_share_studies_added after insert on share_studies
  referencing new table as added for each statement execute function statistics_shares_added('study');
create trigger statistics_share_patients_added after insert on share_patients
  referencing new table as added for each statement execute function statistics_shares_added('patient');

-- A session starts or is touched (at most once a minute, access/sessions.ts): the account is seen
-- in this bucket, and the number of live sessions may be a new peak.
create function statistics_session_seen() returns trigger language plpgsql as $$
declare
  home integer;
  at_bucket timestamptz := statistics_bucket(now());
begin
  select r.institution into home from accounts a join roles r on r.no = a.role where a.id = new.account_id;
  home := coalesce(home, -1);
  insert into statistics_web_accounts (bucket, account_id, institution) values (at_bucket, new.account_id, home)
  on conflict do nothing;
  insert into statistics_web_peaks as p (bucket, institution, peak)
  select at_bucket, -1, count(*)::int from sessions where last_seen_at > now() - interval '5 minutes'
  union all
  select at_bucket, home, count(*)::int from sessions s join accounts a on a.id = s.account_id join roles r on r.no = a.role
   where s.last_seen_at > now() - interval '5 minutes' and r.institution = home
  on conflict (bucket, institution) do update set peak = greatest(p.peak, excluded.peak);
  return null;
end $$;
create trigger statistics_session_started after insert on sessions
  for each row execute function statistics_session_seen();
create trigger statistics_session_touched after update of last_seen_at on sessions
  for each row when (old.last_seen_at is distinct from new.last_seen_at) execute function statistics_session_seen();

-- The backfill: what the index holds today, counted on the day it arrived (created_at). Files
-- deleted before this migration are unknown, so deleted sizes start at zero; the answer of
-- every statistics call says when the backfill ran (Backfill). Called once, below, on empty facts.
create function statistics_backfill() returns void language plpgsql as $$
begin
  insert into statistics_data (bucket, ae_title, institution_name, modality, added_bytes, added_instances)
  select statistics_bucket(i.created_at), st.ae_title, st.institution_name, s.modality, sum(i.file_size), count(*)
    from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
   group by 1, 2, 3, 4;

  insert into statistics_data as d (bucket, ae_title, institution_name, modality, studies)
  select statistics_bucket(x.arrived), st.ae_title, st.institution_name, x.modality, count(*)
    from (select study_id, modality, min(created_at) as arrived from series group by study_id, modality) x
    join studies st on st.id = x.study_id
   group by 1, 2, 3, 4
  on conflict (bucket, ae_title, institution_name, modality) do update set studies = d.studies + excluded.studies;

  insert into statistics_study_dates (study_date, ae_title, institution_name, modality, studies)
  select statistics_study_date(st.study_date), st.ae_title, st.institution_name, x.modality, count(*)
    from (select distinct study_id, modality from series) x join studies st on st.id = x.study_id
   where statistics_study_date(st.study_date) is not null
   group by 1, 2, 3, 4;

  insert into statistics_shares (bucket, kind, institution, shares)
  select statistics_bucket(sh.created_at), sh.kind, coalesce(r.institution, -1), count(*)
    from (select created_at, created_by, 'study' as kind from share_studies
          union all select created_at, created_by, 'patient' from share_patients) sh
    left join accounts a on a.id = sh.created_by left join roles r on r.no = a.role
   group by 1, 2, 3;

  insert into statistics_backfill (id, studies, instances, bytes)
  select 1, (select count(*) from studies), count(*), coalesce(sum(file_size), 0) from instances
  on conflict (id) do update set done_at = now(), studies = excluded.studies, instances = excluded.instances, bytes = excluded.bytes;
end $$;

select statistics_backfill();
