import { useMutation } from '@tanstack/react-query';
import { PING_COUNT } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import type { PingResult } from '../types.ts';

/** `POST /ping/send` (form IPAddress, Count): PING_COUNT echo requests from the archive. */
export function postPing(ipAddress: string): Promise<PingResult> {
  return api.post<PingResult>('/ping/send', { form: { IPAddress: ipAddress, Count: PING_COUNT } });
}

/** The ping dialog reads a refusal out itself. */
export function usePing() {
  return useMutation({ mutationFn: postPing, meta: { silent: true } });
}
