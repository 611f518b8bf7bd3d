/**
 * The user's share settings (settings `list.share`) as the settings screen edits them: read
 * tolerantly (older or hand-edited trees may lack entries or hold plain strings), checked before
 * saving.
 */
import {
  SHARE_EXPIRY_DEFAULT_DAYS,
  SHARE_EXPIRY_SHORTCUT_DAYS,
  isEmail,
  type SharePerson,
  type ShareSubjectShortcut,
  type ShareWithShortcut,
  type UserSettings,
} from '@pacs/common';

export type ShareSettings = UserSettings['list']['share'];

/** Longest label a shortcut may have; it is a button caption. */
export const SHORTCUT_LABEL_MAX = 100;
export const MAX_EXPIRY_DAYS = 3650;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const visible = (value: unknown): boolean => value !== false;
const positiveInt = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

export function readShareSettings(stored: unknown): ShareSettings {
  const source = record(stored);
  const shortcuts = Array.isArray(source.expires_at_shortcut)
    ? list(source.expires_at_shortcut).flatMap((item) => {
        const days = positiveInt(record(item).key);
        return days === null ? [] : [{ key: days, is_visible: visible(record(item).is_visible) }];
      })
    : SHARE_EXPIRY_SHORTCUT_DAYS.map((key) => ({ key, is_visible: true }));
  return {
    expires_at: positiveInt(source.expires_at) ?? SHARE_EXPIRY_DEFAULT_DAYS,
    expires_at_shortcut: shortcuts,
    share_with_shortcut: list(source.share_with_shortcut).map((item): ShareWithShortcut => {
      const entry = record(item);
      return {
        label: text(entry.label),
        is_visible: visible(entry.is_visible),
        Institution: positiveInt(entry.Institution),
        Role: positiveInt(entry.Role),
        Account: text(entry.Account) || null,
      };
    }),
    subject_shortcut: list(source.subject_shortcut).map((item): ShareSubjectShortcut =>
      typeof item === 'string'
        ? { label: item, is_visible: true }
        : { label: text(record(item).label), is_visible: visible(record(item).is_visible) },
    ),
    people: list(source.people).map((item): SharePerson =>
      typeof item === 'string'
        ? { label: '', email: item, is_visible: true }
        : { label: text(record(item).label), email: text(record(item).email), is_visible: visible(record(item).is_visible) },
    ),
  };
}

export type ShareSettingsProblem =
  | { section: 'expires_at'; index: -1; problem: 'days' }
  | { section: 'expires_at_shortcut'; index: number; problem: 'days' }
  | { section: 'share_with_shortcut'; index: number; problem: 'label' | 'target' }
  | { section: 'subject_shortcut'; index: number; problem: 'label' }
  | { section: 'people'; index: number; problem: 'email' | 'label' };

const goodDays = (days: number) => Number.isInteger(days) && days >= 1 && days <= MAX_EXPIRY_DAYS;
const goodLabel = (label: string) => label.trim() !== '' && label.length <= SHORTCUT_LABEL_MAX;

/** Everything wrong with the edited settings; empty when they can be saved. */
export function shareSettingsProblems(settings: ShareSettings): ShareSettingsProblem[] {
  const problems: ShareSettingsProblem[] = [];
  if (!goodDays(settings.expires_at)) problems.push({ section: 'expires_at', index: -1, problem: 'days' });
  settings.expires_at_shortcut.forEach((item, index) => {
    if (!goodDays(item.key)) problems.push({ section: 'expires_at_shortcut', index, problem: 'days' });
  });
  settings.share_with_shortcut.forEach((item, index) => {
    if (!goodLabel(item.label)) problems.push({ section: 'share_with_shortcut', index, problem: 'label' });
    if (!item.Institution && !item.Role && !item.Account) problems.push({ section: 'share_with_shortcut', index, problem: 'target' });
  });
  settings.subject_shortcut.forEach((item, index) => {
    if (!goodLabel(item.label)) problems.push({ section: 'subject_shortcut', index, problem: 'label' });
  });
  settings.people.forEach((item, index) => {
    if (!isEmail(item.email.trim())) problems.push({ section: 'people', index, problem: 'email' });
    if (item.label.length > SHORTCUT_LABEL_MAX) problems.push({ section: 'people', index, problem: 'label' });
  });
  return problems;
}
