-- Reports (spec 2 §3, §4): a report belongs to a study and holds documents, newest first; each
-- save is a document. Deleting a document marks it Deleted (the history stays). The study's
-- ReportStatus follows its latest non-deleted document, Empty when there is none; it is kept on
-- the study row so the list can show, filter and sort it.

alter table key_images add column no bigint generated always as identity;
create unique index key_images_no on key_images (no);

alter table studies add column report_status text not null default 'Empty';

create table reports (
  no bigint generated always as identity primary key,
  study_id bigint not null references studies (id) on delete cascade,
  name text not null default '',
  created_at timestamptz not null default now()
);
create index reports_study on reports (study_id);

create table documents (
  id bigint generated always as identity primary key,
  report_no bigint not null references reports (no) on delete cascade,
  account_id text references accounts (id) on delete set null on update cascade,
  doctor_name text not null default '',
  title text not null default '',
  findings text not null default '',
  impression text not null default '',
  comments text not null default '',
  row_1 text not null default '',
  row_2 text not null default '',
  row_3 text not null default '',
  row_4 text not null default '',
  row_5 text not null default '',
  row_6 text not null default '',
  row_7 text not null default '',
  status text not null default 'Draft' check (status in ('None', 'Draft', 'Final', 'Deleted')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index documents_report on documents (report_no, id desc);

-- The key images a document shows, copied when it is saved: unmarking later does not change a
-- signed report.
create table document_key_images (
  document_id bigint not null references documents (id) on delete cascade,
  position integer not null,
  series_instance_uid text not null,
  sop_instance_uid text not null,
  frame integer not null default 1,
  primary key (document_id, position)
);
