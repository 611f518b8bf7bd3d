-- Who sent each instance that the DICOM front receiver took (docs/decisions.md "A front receiver
-- for DICOM ingest"). The front hands instances to Orthanc over REST, which records no RemoteAET;
-- the study index reads the calling AE title here instead, and only for the exact instance the
-- front handed over (its patient, study, series and SOP instance UIDs: Orthanc's own identity of
-- an instance), so a file uploaded in a browser can never borrow an AE title.
create table dicom_front_senders (
  sop_instance_uid text not null,
  study_instance_uid text not null,
  series_instance_uid text not null,
  patient_id text not null,
  ae_title text not null,
  received_at timestamptz not null default now(),
  primary key (sop_instance_uid, study_instance_uid, series_instance_uid, patient_id)
);
create index dicom_front_senders_received_at on dicom_front_senders (received_at);
