/**
 * When the trial and demonstration dialogs are due (spec 1 §4, §9; spec 3 §4): for a Trial
 * licence at once, then again 1 hour after it was last shown on premises (23 hours on cloud); for
 * a Demonstration licence every 23 hours. Checked every 60 s; the last time is kept in local
 * storage (in memory when storage is unavailable).
 */
import type { Edition, LicenseStatus } from '@pacs/common';

export const REMINDER_CHECK_MS = 60_000;
const HOUR = 3_600_000;

export type Reminder = 'trial' | 'demonstration';

export function reminderKind(status: Pick<LicenseStatus, 'IsEmpty' | 'LicenseType'> | undefined): Reminder | null {
  if (!status || status.IsEmpty) return null;
  if (status.LicenseType === 'Trial') return 'trial';
  if (status.LicenseType === 'Demonstration') return 'demonstration';
  return null;
}

export function reminderInterval(kind: Reminder, edition: Edition): number {
  if (kind === 'demonstration') return 23 * HOUR;
  return edition === 'cloud' || edition === 'sdmd_cloud' ? 23 * HOUR : HOUR;
}

/** Due when never shown, or shown at least one interval ago (a clock set back counts as due). */
export function reminderDue(kind: Reminder, edition: Edition, lastShown: number | null, now: number): boolean {
  if (lastShown === null || lastShown > now) return true;
  return now - lastShown >= reminderInterval(kind, edition);
}

const memory = new Map<string, number>();
const storageKey = (kind: Reminder) => `pacs.${kind}_dialog_shown_at`;

export function lastShown(kind: Reminder): number | null {
  try {
    const value = Number(localStorage.getItem(storageKey(kind)));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return memory.get(kind) ?? null;
  }
}

export function markShown(kind: Reminder, at: number): void {
  memory.set(kind, at);
  try {
    localStorage.setItem(storageKey(kind), String(at));
  } catch {
    // Private mode or storage full: memory keeps it for this page.
  }
}
