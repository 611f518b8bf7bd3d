/**
 * Keyboard shortcuts from the settings, and the presets' keys: a key pressed outside fields and
 * dialogs, without modifiers, becomes the action it names.
 */
import { useEffect, useRef } from 'react';
import type { ModalityPreset } from '../../../viewer/presets.ts';
import { matchShortcut, type Shortcut, type ShortcutAction } from '../shortcuts.ts';

export function useViewerShortcuts(
  shortcuts: readonly Shortcut[],
  presets: readonly ModalityPreset[],
  run: (action: ShortcutAction) => void,
) {
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  keyHandler.current = (event: KeyboardEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target?.closest('input, textarea, select, [contenteditable="true"]') || document.querySelector('[role="dialog"]')) return;
    const action = matchShortcut(event.key, shortcuts, presets);
    if (!action) return;
    event.preventDefault();
    run(action);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
