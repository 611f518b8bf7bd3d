import { describe, expect, it } from 'vitest';
import { matchShortcut } from './shortcuts.ts';

const shortcuts = [
  { key: 'next_image', shortcut: 'ArrowDown' },
  { key: 'window_level', shortcut: 'W' },
];
const lungs = { key: 'lungs', label: 'Lungs', modality: 'CT', width: 1500, center: -550, keyboard: '4' };

describe('matchShortcut', () => {
  it('finds the user shortcut, letters in either case', () => {
    expect(matchShortcut('ArrowDown', shortcuts, [])).toEqual({ type: 'command', key: 'next_image' });
    expect(matchShortcut('w', shortcuts, [])).toEqual({ type: 'command', key: 'window_level' });
    expect(matchShortcut('arrowdown', shortcuts, [])).toBeNull();
  });

  it('applies a preset by its key', () => {
    expect(matchShortcut('4', shortcuts, [lungs])).toEqual({ type: 'preset', preset: lungs });
    expect(matchShortcut('5', shortcuts, [lungs])).toBeNull();
  });
});
