/**
 * When the study index counts as behind Orthanc (issue 13 item 3). New files appear in the list
 * within about a second when all is well; a burst (an import of thousands of files) may keep
 * the follower busy for a while, which is not worth a warning unless it lasts.
 */

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

/** One change of Orthanc's feed that the study index could not apply and passed over. */
export interface SkippedIndexChange {
  Seq: number;
  ChangeType: string;
  ResourceType: string;
  OrthancID: string;
  Error: string;
  SkippedAt: string;
}

/** `GET /server/index/status` (admin): where the study index's /changes follower stands. */
export interface IndexStatus {
  /** The last change applied; null while the index is being rebuilt from scratch. */
  Cursor: number | null;
  /** Orthanc's newest change; null when Orthanc does not answer. */
  LastChange: number | null;
  /** Changes not yet applied (LastChange − Cursor). */
  LagChanges: number | null;
  LastAppliedAt: string | null;
  SecondsSinceApplied: number | null;
  /** The follower's last error ('' when none), kept after it recovered; see LastErrorAt. */
  LastError: string;
  LastErrorAt: string | null;
  SkippedChanges: number;
  LastSkippedAt: string | null;
  /** The ten most recent skipped changes, newest first. */
  RecentSkipped: SkippedIndexChange[];
  /** The index is behind right now (see indexIsBehind); the client warns when it stays so. */
  Behind: boolean;
}
