/**
 * A keyboard key picked by pressing it (window-level presets, shortcuts): the field shows the
 * key; Backspace or Delete clears it; Tab still moves on. Letters are stored as typed and match
 * in either case (common `sameShortcutKey`).
 */
import { isShortcutKey } from '@pacs/common';

export function KeyCell({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (key: string) => void;
  invalid?: boolean;
}) {
  return (
    <input
      className="input viewer-settings-key"
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={value}
      readOnly
      onKeyDown={(event) => {
        if (event.key === 'Tab' || event.ctrlKey || event.metaKey || event.altKey) return;
        event.preventDefault();
        if (event.key === 'Backspace' || event.key === 'Delete') onChange('');
        else if (isShortcutKey(event.key)) onChange(event.key);
      }}
    />
  );
}
