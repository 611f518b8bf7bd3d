/** How long the audit log keeps records (RetentionDays; 0 keeps them for ever). */
import { defineMessages } from 'react-intl';
import { AUDIT_RETENTION_MAX_DAYS, auditRetentionProblem, type AuditSettings } from '@pacs/common';
import { DaysForm } from '../../../components/days-form.tsx';
import { useUpdateAuditSettings } from '../api/update-audit-settings.ts';

const texts = defineMessages({
  title: { id: 'admin.log.retention.title' },
  description: { id: 'admin.log.retention.description' },
  label: { id: 'admin.log.retention.label' },
  unit: { id: 'admin.log.retention.days' },
});

export function AuditRetentionForm({ settings }: { settings: AuditSettings }) {
  const update = useUpdateAuditSettings();
  return (
    <DaysForm
      name="RetentionDays"
      days={settings.RetentionDays}
      min={0}
      max={AUDIT_RETENTION_MAX_DAYS}
      problem={auditRetentionProblem}
      save={(RetentionDays) => update.mutateAsync({ RetentionDays })}
      texts={texts}
    />
  );
}
