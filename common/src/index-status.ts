/**
 * When the study index counts as behind Orthanc (issue 13 item 3). New files appear in the list
 * within about a second when all is well; a burst (an import of thousands of files) may keep
 * the follower busy for a while, which is not worth a warning unless it lasts.
 */
import type { IndexStatus } from './api.ts';

/** Changes waiting with nothing applied for this long: the follower is stuck or away. */
export const INDEX_STALL_SECONDS = 30;
/** This many changes waiting: the follower is far behind even if it is working. */
export const INDEX_LAG_CHANGES = 1000;
/** The client shows an administrator the banner only once the index has been behind this long. */
export const INDEX_BEHIND_GRACE_SECONDS = 60;

/** True when changes are waiting and the follower is stalled or far behind; also while rebuilding. */
export function indexIsBehind(status: Omit<IndexStatus, 'Behind'>): boolean {
  if (status.Cursor === null) return true;
  const lag = status.LagChanges ?? 0;
  if (lag === 0) return false;
  return lag >= INDEX_LAG_CHANGES || (status.SecondsSinceApplied ?? 0) >= INDEX_STALL_SECONDS;
}
