/**
 * What the four viewer settings pages share: a draft of some members of the user's `viewer`
 * settings, checked by common's rules as it changes (shown once Save was tried), saved as one
 * `PUT /settings/replace` of `viewer`, and a 400's member messages kept beside the client's.
 */
import { useState } from 'react';
import type { IntlShape } from 'react-intl';
import {
  defaultModalityItems,
  defaultSettings,
  MESSAGES,
  PRESET_LABEL_MAX_LENGTH,
  viewerSettingsProblems,
  type UserSettings,
} from '@pacs/common';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { sessionStore } from '../../../state/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';

export type ViewerNode = UserSettings['viewer'];

/** The stored viewer settings (the defaults before the settings arrived). */
export function storedViewer(): ViewerNode {
  return sessionStore.settings?.viewer ?? defaultSettings().viewer;
}

/** A message of common's rules in the reader's language; anything else as it came. */
export function problemText(intl: IntlShape, message: string): string {
  if (message === MESSAGES.already_exists) return intl.formatMessage({ id: 'errors.already_exists' });
  if (message === MESSAGES.required) return intl.formatMessage({ id: 'validation.required' });
  if (message === MESSAGES.invalid) return intl.formatMessage({ id: 'errors.validation_failed' });
  if (message === MESSAGES.max_length(PRESET_LABEL_MAX_LENGTH)) {
    return intl.formatMessage({ id: 'accounts_admin.validation.max_length' }, { length: PRESET_LABEL_MAX_LENGTH });
  }
  return message;
}

export function useViewerDraft<T extends Partial<ViewerNode>>(initial: () => T) {
  const replace = useReplaceSettings();
  const [draft, setDraftState] = useState<T>(initial);
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const own = viewerSettingsProblems(draft);
  const problems = tried ? { ...server, ...own } : server;

  const setDraft = (next: T) => {
    setDraftState(next);
    setSaved(false);
    setServer({});
  };

  const save = async () => {
    setTried(true);
    setSaved(false);
    if (Object.keys(own).length > 0) return;
    try {
      await replace.mutateAsync({ key: 'viewer', value: { ...storedViewer(), ...draft } });
      setSaved(true);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (!fields) throw error;
      // The server names members as `viewer.window_level.1.keyboard`; the pages read them without the prefix.
      setServer(Object.fromEntries(Object.entries(fields).map(([key, text]) => [key.replace(/^viewer\.?/, ''), text])));
    }
  };

  /** Whether a member (`window_level.1.keyboard`) or anything under it is refused. */
  const invalid = (path: string) => Object.keys(problems).some((key) => key === path || key.startsWith(`${path}.`));

  return { draft, setDraft, save, saved, saving: replace.isPending, problems, invalid };
}

/**
 * The refusals for the page's alert, translated, each once: "Key: An item with the entered value
 * already exists". `labels` names a member by its last word (`keyboard` → "Key"); a member
 * without a label is named by nothing.
 */
export function problemLines(intl: IntlShape, problems: Record<string, string>, labels: Record<string, string> = {}): string | undefined {
  const lines = Object.entries(problems).map(([member, message]) => {
    const word =
      member
        .split('.')
        .filter((part) => !/^\d+$/.test(part))
        .at(-1) ?? '';
    const label = labels[word];
    return label ? `${label}: ${problemText(intl, message)}` : problemText(intl, message);
  });
  const unique = [...new Set(lines)];
  return unique.length > 0 ? unique.join(' · ') : undefined;
}

/** The modalities the pages offer: the site's list (configs `modality`), then any already in use. */
export function modalityOptions(inUse: readonly string[] = []): string[] {
  const site = (sessionStore.configs?.modality?.items ?? defaultModalityItems()).map((item) => item.key);
  return [...new Set([...site, ...inUse.filter(Boolean)])];
}
