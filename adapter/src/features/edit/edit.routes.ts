/**
 * Editing tags from the list (issue 16, "Edit"; routes not named by the spec). Permission
 * list_edit. JSON bodies; each answers EditResult once Orthanc has rewritten the files and the
 * index shows the new values. 400 with the catalogue's message for a tag that is unknown at that
 * level or whose value breaks its rule (common/src/edit.ts `editProblem`); 404 for anything the
 * caller does not see; 409 while another edit of the same study runs, or when a new PatientID
 * would merge the study into a copy the archive holds under that PatientID.
 * - PATCH /studies/edit     StudyInstanceUID, Tags {STUDY_EDIT_TAGS}, AllStudiesOfPatient?
 *                           (the patient's demographics also go into every other study of the
 *                           PatientID that the caller sees; at most 200) → EditResult
 * - PATCH /series/edit      StudyInstanceUID, SeriesInstanceUID, Tags {SERIES_EDIT_TAGS} → EditResult
 * - PATCH /instances/edit   StudyInstanceUID, SeriesInstanceUID, SOPInstanceUID,
 *                           Tags {INSTANCE_EDIT_TAGS} → EditResult
 * - GET /studies/edits?uid= → [StudyEditRecord] the study's edits, newest first (at most 200)
 */
import type { Request } from 'express';
import { INSTANCE_EDIT_TAGS, SERIES_EDIT_TAGS, STUDY_EDIT_TAGS, editProblem, isDicomUid, isJsonObject, type EditTag } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid, jsonField, optionalBool, requiredString } from '../../http/input.ts';
import { editInstance, editSeries, editStudy, studyEdits } from './edit.service.ts';

function uid(req: Request, name: string, source: 'body' | 'query' = 'body'): string {
  const value = requiredString(req, name, source, 64);
  if (!isDicomUid(value)) throw invalid(name);
  return value;
}

/**
 * Tags: an object of tag names (those of `allowed`) to string values, at least one, each within
 * its rule. An error names the tag, so the dialog shows it under its field.
 */
export function readTags<T extends EditTag>(value: unknown, allowed: readonly T[]): Partial<Record<T, string>> {
  if (!isJsonObject(value)) throw invalid('Tags');
  const entries = Object.entries(value);
  if (entries.length === 0 || entries.length > allowed.length) throw invalid('Tags');
  const tags: Partial<Record<T, string>> = {};
  for (const [tag, text] of entries) {
    if (!(allowed as readonly string[]).includes(tag)) throw invalid(tag);
    const problem = editProblem(tag as T, text);
    if (problem) throw invalid(tag, problem);
    tags[tag as T] = text as string;
  }
  return tags;
}

/** The audit details of an edit: which object and which tags (the new values are in the files). */
function editAudit(input: { SeriesInstanceUID?: string; SOPInstanceUID?: string; Tags: object; AllStudiesOfPatient?: boolean }) {
  return {
    ...(input.SeriesInstanceUID ? { SeriesInstanceUID: input.SeriesInstanceUID } : {}),
    ...(input.SOPInstanceUID ? { SOPInstanceUID: input.SOPInstanceUID } : {}),
    ...(input.AllStudiesOfPatient ? { AllStudiesOfPatient: true } : {}),
    Tags: Object.keys(input.Tags),
  };
}

export const editRoutes: AnyRouteSpec[] = [
  {
    method: 'patch',
    path: '/studies/edit',
    access: 'list_edit',
    summary: "Edit a study's tags in its files (optionally the patient's demographics in all their visible studies)",
    handler: async (req, _res, { deps, auth }) => {
      const input = {
        StudyInstanceUID: uid(req, 'StudyInstanceUID'),
        Tags: readTags(jsonField(req, 'Tags', 64_000), STUDY_EDIT_TAGS),
        AllStudiesOfPatient: optionalBool(req, 'AllStudiesOfPatient') ?? false,
      };
      const result = await editStudy(deps, auth, input);
      deps.audit.record(req, auth, { action: 'study_edit', study: input.StudyInstanceUID, details: editAudit(input) });
      return result;
    },
  },
  {
    method: 'patch',
    path: '/series/edit',
    access: 'list_edit',
    summary: "Edit a series' tags in its files",
    handler: async (req, _res, { deps, auth }) => {
      const input = {
        StudyInstanceUID: uid(req, 'StudyInstanceUID'),
        SeriesInstanceUID: uid(req, 'SeriesInstanceUID'),
        Tags: readTags(jsonField(req, 'Tags', 64_000), SERIES_EDIT_TAGS),
      };
      const result = await editSeries(deps, auth, input);
      deps.audit.record(req, auth, { action: 'study_edit', study: input.StudyInstanceUID, details: editAudit(input) });
      return result;
    },
  },
  {
    method: 'patch',
    path: '/instances/edit',
    access: 'list_edit',
    summary: "Edit an instance's tags in its file",
    handler: async (req, _res, { deps, auth }) => {
      const input = {
        StudyInstanceUID: uid(req, 'StudyInstanceUID'),
        SeriesInstanceUID: uid(req, 'SeriesInstanceUID'),
        SOPInstanceUID: uid(req, 'SOPInstanceUID'),
        Tags: readTags(jsonField(req, 'Tags', 64_000), INSTANCE_EDIT_TAGS),
      };
      const result = await editInstance(deps, auth, input);
      deps.audit.record(req, auth, { action: 'study_edit', study: input.StudyInstanceUID, details: editAudit(input) });
      return result;
    },
  },
  {
    method: 'get',
    path: '/studies/edits',
    access: 'list_edit',
    summary: "A study's edit history, newest first",
    handler: (req, _res, { deps, auth }) => studyEdits(deps, auth, uid(req, 'uid', 'query')),
  },
];
