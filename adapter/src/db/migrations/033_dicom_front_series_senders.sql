-- The DICOM front receiver's senders become permanent, one row per series (docs/decisions.md
-- "The DICOM front receiver on by default"). The study index takes a series' AE title once, from
-- its first instance, and a rebuild from Orthanc alone reads it again: rows pruned after 30 days
-- (as 032 had them) lost it for every series the front took. One row per series (the first
-- sender wins, as in the index) is small enough to keep for ever: the same insert per instance
-- as before, and an instance of a series already recorded writes nothing.
create table dicom_front_series_senders (
  patient_id text not null,
  study_instance_uid text not null,
  series_instance_uid text not null,
  ae_title text not null,
  received_at timestamptz not null default now(),
  primary key (series_instance_uid, study_instance_uid, patient_id)
);
insert into dicom_front_series_senders (patient_id, study_instance_uid, series_instance_uid, ae_title, received_at)
select distinct on (series_instance_uid, study_instance_uid, patient_id)
       patient_id, study_instance_uid, series_instance_uid, ae_title, received_at
  from dicom_front_senders
 order by series_instance_uid, study_instance_uid, patient_id, received_at;
drop table dicom_front_senders;
alter table dicom_front_series_senders rename to dicom_front_senders;
alter index dicom_front_series_senders_pkey rename to dicom_front_senders_pkey;
