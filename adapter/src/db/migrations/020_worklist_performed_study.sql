-- The study list shows the order a study was performed for (issue 17, docs/decisions.md "Modality
-- worklist"): one index probe per listed study, by the study that arrived for the entry.
create index worklist_entries_performed_study on worklist_entries (performed_study_instance_uid)
  where performed_study_instance_uid is not null and status <> 'deleted';
