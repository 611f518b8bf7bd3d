/** The message of each audited action (literal ids, so the catalogue check sees every one). */
import type { AuditAction } from '@pacs/common';

export const ACTION_LABELS: Record<AuditAction, { id: string }> = {
  sign_in: { id: 'admin.log.action.sign_in' },
  sign_out: { id: 'admin.log.action.sign_out' },
  guest_sign_in: { id: 'admin.log.action.guest_sign_in' },
  study_view: { id: 'admin.log.action.study_view' },
  report_view: { id: 'admin.log.action.report_view' },
  series_download: { id: 'admin.log.action.series_download' },
  study_export: { id: 'admin.log.action.study_export' },
  study_forward: { id: 'admin.log.action.study_forward' },
  study_csv: { id: 'admin.log.action.study_csv' },
  share_create: { id: 'admin.log.action.share_create' },
  share_update: { id: 'admin.log.action.share_update' },
  share_delete: { id: 'admin.log.action.share_delete' },
  study_edit: { id: 'admin.log.action.study_edit' },
  study_delete: { id: 'admin.log.action.study_delete' },
  trash_restore: { id: 'admin.log.action.trash_restore' },
  trash_purge: { id: 'admin.log.action.trash_purge' },
  account_change: { id: 'admin.log.action.account_change' },
  role_change: { id: 'admin.log.action.role_change' },
  institution_change: { id: 'admin.log.action.institution_change' },
  security_change: { id: 'admin.log.action.security_change' },
  settings_change: { id: 'admin.log.action.settings_change' },
  configs_change: { id: 'admin.log.action.configs_change' },
  audit_settings_change: { id: 'admin.log.action.audit_settings_change' },
  audit_prune: { id: 'admin.log.action.audit_prune' },
};
