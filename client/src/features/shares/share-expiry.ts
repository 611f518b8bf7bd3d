/**
 * Expiry days of the share edit (spec 3 §5): the default is today plus the user's default days
 * (7), the shortcut buttons add their days to today, and days before today are refused.
 */
import { SHARE_EXPIRY_DEFAULT_DAYS, SHARE_EXPIRY_SHORTCUT_DAYS, addDays, localDay, type UserSettings } from '@pacs/common';

export { addDays, localDay };

/** The shortcut days the user keeps visible, in their order. */
export function expiryShortcuts(share: UserSettings['list']['share'] | undefined): number[] {
  const items = share?.expires_at_shortcut;
  if (!Array.isArray(items)) return [...SHARE_EXPIRY_SHORTCUT_DAYS];
  return items.filter((item) => item.is_visible && Number.isInteger(item.key) && item.key > 0).map((item) => item.key);
}

export function defaultExpiryDays(share: UserSettings['list']['share'] | undefined): number {
  const days = share?.expires_at;
  return typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : SHARE_EXPIRY_DEFAULT_DAYS;
}

/** A stored ExpiresAt instant (23:59:59 on its day) as the local day the edit shows. */
export function expiryDayOf(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : localDay(date);
}
