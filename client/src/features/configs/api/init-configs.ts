import type { Configs } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /configs/init` (admin, form): the server checks the stored configs against the current
 * version, migrates them if needed and answers the result (spec 2 §4 "Configs version check").
 */
export function postInitConfigs(): Promise<Configs> {
  return api.post<Configs>('/configs/init', { form: { key: '', value: '' } });
}
