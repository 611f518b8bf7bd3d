-- Access: which studies a role reaches besides its targets (spec 1 §6 "Study access"), and an
-- index for counting web connections.
alter table roles add column study_access text not null default 'all'
  check (study_access in ('all', 'only_shared', 'shared_or_matching'));
create index studies_referring_physician on studies (upper(referring_physician_name));
