-- Where Orthanc keeps each instance's file (the attachment UUID of its `/instances/{id}` answer,
-- FileUuid), recorded by the study index with the instance: the viewer's series download reads the
-- files from Orthanc's storage folder without asking Orthanc for each location (docs/decisions.md
-- "The viewer in a full archive"). Null for rows indexed before this column: those are looked up
-- in Orthanc as before, and a rebuild fills them. A location is only a hint: the adapter uses it
-- when the file there has the recorded size, else asks Orthanc.
alter table instances add column file_uuid uuid;
