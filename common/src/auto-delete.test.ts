import { describe, expect, it } from 'vitest';
import {
  AUTO_DELETE_DEFAULTS,
  autoDeleteFieldProblem,
  autoDeleteSettingsFrom,
  hasAutoDeleteRule,
  isAutoDeleteAvailable,
  mergeAutoDeleteSettings,
} from './auto-delete.ts';
import { MESSAGES } from './validation.ts';

describe('auto-delete settings', () => {
  it('reads an empty rule as 0 (no rule) and refuses an empty hour', () => {
    expect(mergeAutoDeleteSettings(AUTO_DELETE_DEFAULTS, { Lifetime: '', NumberOfStudies: ' ', Capacity: null })).toEqual({
      settings: AUTO_DELETE_DEFAULTS,
    });
    expect(autoDeleteFieldProblem('Hour', '')).toBe(MESSAGES.required);
  });

  it('takes form strings and JSON values alike', () => {
    const merged = mergeAutoDeleteSettings(AUTO_DELETE_DEFAULTS, {
      Enabled: 'false',
      DeleteNow: true,
      Hour: '23',
      Lifetime: 365,
      Capacity: '0.000001',
      CapacityColumn: 'StudyDate',
    });
    expect(merged).toEqual({
      settings: {
        ...AUTO_DELETE_DEFAULTS,
        Enabled: false,
        DeleteNow: true,
        Hour: 23,
        Lifetime: 365,
        Capacity: 0.000001,
        CapacityColumn: 'StudyDate',
      },
    });
  });

  it('answers every bad field with the catalogue message, and nothing else', () => {
    expect(
      mergeAutoDeleteSettings(AUTO_DELETE_DEFAULTS, {
        Hour: '24',
        Lifetime: '1.5',
        NumberOfStudies: '-3',
        Capacity: '1e3',
        KeepShared: 'yes',
        NumberOfStudiesColumn: 'constructor',
        Unknown: 'ignored',
      }),
    ).toEqual({
      problems: {
        Hour: MESSAGES.invalid,
        Lifetime: MESSAGES.invalid,
        NumberOfStudies: MESSAGES.invalid,
        Capacity: MESSAGES.invalid,
        KeepShared: MESSAGES.invalid,
        NumberOfStudiesColumn: MESSAGES.invalid,
      },
    });
    expect(autoDeleteFieldProblem('Capacity', '0.1234567891')).toBe(MESSAGES.invalid);
    expect(autoDeleteFieldProblem('Lifetime', '36501')).toBe(MESSAGES.invalid);
  });

  it('reads stored settings leniently and knows when a rule is set', () => {
    expect(autoDeleteSettingsFrom({ Hour: 99, Lifetime: 30, Enabled: false })).toEqual({
      ...AUTO_DELETE_DEFAULTS,
      Lifetime: 30,
      Enabled: false,
    });
    expect(autoDeleteSettingsFrom('garbage')).toEqual(AUTO_DELETE_DEFAULTS);
    expect(hasAutoDeleteRule(AUTO_DELETE_DEFAULTS)).toBe(false);
    expect(hasAutoDeleteRule({ ...AUTO_DELETE_DEFAULTS, Capacity: 0.5 })).toBe(true);
  });

  it('is not available on the cloud basic and personal plans', () => {
    expect(isAutoDeleteAvailable('on_premises', null)).toBe(true);
    expect(isAutoDeleteAvailable('cloud', null)).toBe(true);
    expect(isAutoDeleteAvailable('cloud', 'basic')).toBe(false);
    expect(isAutoDeleteAvailable('sdmd_cloud', 'personal')).toBe(false);
    expect(isAutoDeleteAvailable('on_premises', 'basic')).toBe(true);
  });
});
