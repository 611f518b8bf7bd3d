/**
 * Viewer keyboard shortcuts: the user's list (spec 2 §3 keyboard_shortcuts) and the keys of the
 * window-level presets for the modality on screen. Letters match in either case.
 */
import { sameShortcutKey as same } from '@pacs/common';
import type { ModalityPreset } from '../../viewer/presets.ts';

export interface Shortcut {
  key: string;
  shortcut: string;
}

export type ShortcutAction = { type: 'command'; key: string } | { type: 'preset'; preset: ModalityPreset };

/** What a key press does, or null; the user's shortcuts win over preset keys. */
export function matchShortcut(key: string, shortcuts: readonly Shortcut[], presets: readonly ModalityPreset[]): ShortcutAction | null {
  const command = shortcuts.find((item) => item.shortcut && same(item.shortcut, key));
  if (command) return { type: 'command', key: command.key };
  const preset = presets.find((item) => item.keyboard && same(item.keyboard, key));
  return preset ? { type: 'preset', preset } : null;
}
