import type { ShareKind } from '@pacs/common';

/** Query keys of the share calls; mutations invalidate everything under `shareKeys.all`. */
export const shareKeys = {
  all: ['shares'] as const,
  list: (kind: ShareKind) => ['shares', kind, 'all'] as const,
  of: (kind: ShareKind, id: string) => ['shares', kind, 'of', id] as const,
  count: ['shares', 'count'] as const,
};

export const BASE: Record<ShareKind, string> = { study: '/sharestudies', patient: '/sharepatients' };
