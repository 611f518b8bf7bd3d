/**
 * Message descriptors of the access screen. Ids are written out so the catalogue check sees them;
 * labels looked up by a key (permissions, kinds, study access) go through the maps below.
 */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { PermissionKey, TeleradiologyKind } from '@pacs/common';
import type { PermissionGroupKey } from './permission-grid.ts';
import type { StudyAccess, TargetList } from './types.ts';

export const ACCOUNTS_ADMIN_MESSAGES = defineMessages({
  targets_all_summary: { id: 'accounts_admin.targets.summary_all' },
  targets_none_summary: { id: 'accounts_admin.targets.summary_none' },
  targets_some_summary: { id: 'accounts_admin.targets.summary_some' },
  targets_sent_by: { id: 'accounts_admin.targets.sent_by' },
  targets_from_institution: { id: 'accounts_admin.targets.from_institution' },
  targets_with_modality: { id: 'accounts_admin.targets.with_modality' },
  required: { id: 'validation.required' },
  invalid: { id: 'errors.validation_failed' },
  already_exists: { id: 'errors.already_exists' },
  email: { id: 'accounts_admin.validation.email' },
  max_length: { id: 'accounts_admin.validation.max_length' },
  id_or_email: { id: 'accounts_admin.validation.id_or_email' },
  ae_title: { id: 'accounts_admin.validation.ae_title' },
  password_policy: { id: 'validation.password_policy' },
  password_mismatch: { id: 'validation.password_mismatch' },
});

export const PERMISSION_LABELS: Record<PermissionKey, MessageDescriptor> = defineMessages({
  all: { id: 'accounts_admin.permissions.all' },
  dashboard: { id: 'accounts_admin.permissions.dashboard' },
  statistics: { id: 'accounts_admin.permissions.statistics' },
  share: { id: 'accounts_admin.permissions.share' },
  admin: { id: 'accounts_admin.permissions.admin' },
  user: { id: 'accounts_admin.permissions.user' },
  browser: { id: 'accounts_admin.permissions.browser' },
  subscription: { id: 'accounts_admin.permissions.subscription' },
  mwm: { id: 'accounts_admin.permissions.mwm' },
  list: { id: 'accounts_admin.permissions.list' },
  viewer: { id: 'accounts_admin.permissions.viewer' },
  report: { id: 'accounts_admin.permissions.report' },
  list_add: { id: 'accounts_admin.permissions.list_add' },
  list_assign: { id: 'accounts_admin.permissions.list_assign' },
  list_csv: { id: 'accounts_admin.permissions.list_csv' },
  list_delete: { id: 'accounts_admin.permissions.list_delete' },
  list_edit: { id: 'accounts_admin.permissions.list_edit' },
  list_export: { id: 'accounts_admin.permissions.list_export' },
  list_forward: { id: 'accounts_admin.permissions.list_forward' },
  list_import: { id: 'accounts_admin.permissions.list_import' },
  list_note: { id: 'accounts_admin.permissions.list_note' },
  list_order: { id: 'accounts_admin.permissions.list_order' },
  list_share: { id: 'accounts_admin.permissions.list_share' },
  viewer_annotation_save: { id: 'accounts_admin.permissions.viewer_annotation_save' },
  viewer_capture: { id: 'accounts_admin.permissions.viewer_capture' },
  viewer_dicom_header: { id: 'accounts_admin.permissions.viewer_dicom_header' },
  viewer_export: { id: 'accounts_admin.permissions.viewer_export' },
  report_delete: { id: 'accounts_admin.permissions.report_delete' },
  report_pdf: { id: 'accounts_admin.permissions.report_pdf' },
  report_save: { id: 'accounts_admin.permissions.report_save' },
});

export const PERMISSION_GROUP_LABELS: Record<PermissionGroupKey, MessageDescriptor> = defineMessages({
  area: { id: 'accounts_admin.permissions.group_area' },
  list: { id: 'accounts_admin.permissions.group_list' },
  viewer: { id: 'accounts_admin.permissions.group_viewer' },
  report: { id: 'accounts_admin.permissions.group_report' },
});

export const KIND_LABELS: Record<TeleradiologyKind, MessageDescriptor> = defineMessages({
  Company: { id: 'accounts_admin.kinds.company' },
  Institution: { id: 'accounts_admin.kinds.institution' },
  Radiologist: { id: 'accounts_admin.kinds.radiologist' },
});

export const STUDY_ACCESS_LABELS: Record<StudyAccess, MessageDescriptor> = defineMessages({
  all: { id: 'accounts_admin.study_access.all' },
  only_shared: { id: 'accounts_admin.study_access.only_shared' },
  shared_or_matching: { id: 'accounts_admin.study_access.shared_or_matching' },
});

export const STUDY_ACCESS_HINTS: Record<StudyAccess, MessageDescriptor> = defineMessages({
  all: { id: 'accounts_admin.study_access.all_hint' },
  only_shared: { id: 'accounts_admin.study_access.only_shared_hint' },
  shared_or_matching: { id: 'accounts_admin.study_access.shared_or_matching_hint' },
});

export const TARGET_LIST_LABELS: Record<TargetList, MessageDescriptor> = defineMessages({
  AETitle: { id: 'accounts_admin.targets.ae_titles' },
  InstitutionName: { id: 'accounts_admin.targets.institution_names' },
  Modality: { id: 'accounts_admin.targets.modalities' },
});
