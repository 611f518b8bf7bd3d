/** The retention period (TrashRetentionPeriod, days): how long an item stays in the bin before it is deleted for good. */
import { defineMessages } from 'react-intl';
import { TRASH_RETENTION_MAX_DAYS, trashRetentionProblem, type TrashSettings } from '@pacs/common';
import { DaysForm } from '../../../components/days-form.tsx';
import { useUpdateTrashSettings } from '../api/update-trash-settings.ts';

const texts = defineMessages({
  title: { id: 'trash.retention.title' },
  description: { id: 'trash.retention.description' },
  label: { id: 'trash.retention.label' },
  unit: { id: 'trash.retention.days' },
});

export function RetentionForm({ settings }: { settings: TrashSettings }) {
  const update = useUpdateTrashSettings();
  return (
    <DaysForm
      name="TrashRetentionPeriod"
      days={settings.TrashRetentionPeriod}
      min={1}
      max={TRASH_RETENTION_MAX_DAYS}
      problem={trashRetentionProblem}
      save={(TrashRetentionPeriod) => update.mutateAsync({ TrashRetentionPeriod })}
      texts={texts}
    />
  );
}
