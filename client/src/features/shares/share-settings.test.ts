import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@pacs/common';
import { defaultExpiryDays, expiryShortcuts } from './share-expiry.ts';
import { readShareSettings, shareSettingsProblems } from './share-settings.ts';
import { shareColumns, visibleShareColumns } from './share-columns.ts';

describe('share settings', () => {
  it('reads the defaults and tolerates older shapes', () => {
    const defaults = readShareSettings(defaultSettings().list.share);
    expect(defaults.expires_at).toBe(7);
    expect(defaults.expires_at_shortcut.map((item) => item.key)).toEqual([7, 14, 30]);
    const old = readShareSettings({ people: ['a@example.org'], subject_shortcut: ['Hello'], expires_at: 'x' });
    expect(old.people).toEqual([{ label: '', email: 'a@example.org', is_visible: true }]);
    expect(old.subject_shortcut).toEqual([{ label: 'Hello', is_visible: true }]);
    expect(old.expires_at).toBe(7);
    expect(readShareSettings(undefined).share_with_shortcut).toEqual([]);
  });

  it('finds what cannot be saved', () => {
    const settings = readShareSettings(defaultSettings().list.share);
    expect(shareSettingsProblems(settings)).toEqual([]);
    const bad = {
      ...settings,
      expires_at: 0,
      expires_at_shortcut: [{ key: 1.5, is_visible: true }],
      share_with_shortcut: [{ label: '', is_visible: true, Institution: null, Role: null, Account: null }],
      people: [{ label: 'A', email: 'not-mail', is_visible: true }],
    };
    expect(shareSettingsProblems(bad).map((problem) => `${problem.section}:${problem.index}:${problem.problem}`)).toEqual([
      'expires_at:-1:days',
      'expires_at_shortcut:0:days',
      'share_with_shortcut:0:label',
      'share_with_shortcut:0:target',
      'people:0:email',
    ]);
  });

  it('gives the edit dialog the visible expiry shortcuts and the default days', () => {
    const share = defaultSettings().list.share;
    expect(
      expiryShortcuts({
        ...share,
        expires_at_shortcut: [
          { key: 14, is_visible: false },
          { key: 30, is_visible: true },
        ],
      }),
    ).toEqual([30]);
    expect(expiryShortcuts(undefined)).toEqual([7, 14, 30]);
    expect(defaultExpiryDays({ ...share, expires_at: 10 })).toBe(10);
  });
});

describe('share columns', () => {
  it('put the command cells in front of trees saved without them', () => {
    const columns = shareColumns(
      {
        share: { fields: { study: [{ key: 'PatientID', label: 'Patient ID', width: 100, alignment: 'left', is_visible: true }] } },
      } as never,
      'study',
    );
    expect(columns.map((column) => column.key)).toEqual(['info', 'edit', 'delete', 'PatientID']);
    expect(
      visibleShareColumns(shareColumns(null, 'patient'))
        .filter((column) => column.is_cmd)
        .map((column) => column.key),
    ).toEqual(['info', 'edit', 'delete']);
  });
});
