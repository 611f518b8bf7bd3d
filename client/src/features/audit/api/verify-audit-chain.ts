import { useMutation } from '@tanstack/react-query';
import type { AuditChainReport } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /events/verify`: recomputes the hash chain (as `npm run audit:verify` does). */
export function getAuditChainReport(): Promise<AuditChainReport> {
  return api.get<AuditChainReport>('/events/verify');
}

/** A check the administrator starts (it reads the whole log), so a mutation rather than a query. */
export function useVerifyAuditChain() {
  return useMutation({ mutationFn: getAuditChainReport });
}
