import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AutoDeleteSettings, AutoDeleteSettingsFind } from '../types.ts';
import { autoDeleteSettingsQueryKey } from './get-auto-delete-settings.ts';

/** `PATCH /autodeletesettings/update` (form; flags as 'true' / 'false', a rule of 0 as empty). */
export function patchAutoDeleteSettings(settings: AutoDeleteSettings): Promise<AutoDeleteSettingsFind> {
  const rule = (value: number) => (value > 0 ? String(value) : '');
  return api.patch<AutoDeleteSettingsFind>('/autodeletesettings/update', {
    form: {
      Enabled: String(settings.Enabled),
      DeleteNow: String(settings.DeleteNow),
      Hour: settings.Hour,
      Lifetime: rule(settings.Lifetime),
      NumberOfStudies: rule(settings.NumberOfStudies),
      Capacity: rule(settings.Capacity),
      LifetimeColumn: settings.LifetimeColumn,
      NumberOfStudiesColumn: settings.NumberOfStudiesColumn,
      CapacityColumn: settings.CapacityColumn,
      KeepDraftReports: String(settings.KeepDraftReports),
      KeepShared: String(settings.KeepShared),
    },
  });
}

export function useUpdateAutoDeleteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAutoDeleteSettings,
    meta: { inlineValidation: true },
    onSuccess: (saved) => queryClient.setQueryData(autoDeleteSettingsQueryKey, saved),
  });
}
