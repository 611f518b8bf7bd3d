-- The associations each DICOM front receiver holds open (issue 15; docs/decisions.md "The DICOM
-- front receiver on by default"): in a cluster every replica fronts its own node, and the live
-- list (dashboard, DICOM connection limit dialog) must show every front's, whichever replica is
-- asked. A front adds a row when it accepts an association and removes it when it ends; at its
-- start it removes the rows it left before a crash. `front` names the front (its DICOM port).
create table dicom_front_open_associations (
  id bigserial primary key,
  front text not null,
  ae_title text not null,
  remote_address text not null,
  since timestamptz not null
);
create index dicom_front_open_associations_front on dicom_front_open_associations (front);
