-- Institution logos for report PDFs (spec 3 "Institution image": name report_header or report_footer).
create table institution_images (
  institution integer not null references institutions (no) on delete cascade,
  name text not null check (name in ('report_header', 'report_footer')),
  content_type text not null,
  data bytea not null,
  updated_at timestamptz not null default now(),
  primary key (institution, name)
);
