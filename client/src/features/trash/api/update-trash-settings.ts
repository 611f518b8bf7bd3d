import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrashSettings } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { trashQueryKey, trashKeys } from './trash-keys.ts';

/** `PATCH /trashboxsettings/update` (form TrashRetentionPeriod). */
export function patchTrashSettings(settings: TrashSettings): Promise<TrashSettings> {
  return api.patch<TrashSettings>('/trashboxsettings/update', { form: { TrashRetentionPeriod: settings.TrashRetentionPeriod } });
}

export function useUpdateTrashSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchTrashSettings,
    meta: { inlineValidation: true },
    onSuccess: async (settings) => {
      queryClient.setQueryData(trashKeys.settings(), settings);
      // Every item's DeleteAt follows the new period.
      await queryClient.invalidateQueries({ queryKey: trashQueryKey });
    },
  });
}
