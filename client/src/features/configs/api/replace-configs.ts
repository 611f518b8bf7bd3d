import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Configs } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../state/index.ts';
import { configsQueryKey } from './get-configs.ts';

export interface ReplaceConfigsInput {
  /** Dotted key of the node, e.g. `country`. */
  key: string;
  value: unknown;
}

/** `PUT /configs/replace` (form): replaces one node; the value travels as its JSON text. */
export function putReplaceConfigs({ key, value }: ReplaceConfigsInput): Promise<Configs> {
  return api.put<Configs>('/configs/replace', { form: { key, value: JSON.stringify(value) } });
}

export function useReplaceConfigs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putReplaceConfigs,
    onSuccess: (configs) => {
      queryClient.setQueryData(configsQueryKey, configs);
      sessionStore.setConfigs(configs);
    },
  });
}
