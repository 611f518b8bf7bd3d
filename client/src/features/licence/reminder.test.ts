import { describe, expect, it } from 'vitest';
import { reminderDue, reminderKind } from './reminder.ts';

const HOUR = 3_600_000;
const now = 1_800_000_000_000;

describe('trial and demonstration reminders (spec 1 §4)', () => {
  it('applies to Trial and Demonstration licences only', () => {
    expect(reminderKind({ IsEmpty: false, LicenseType: 'Trial' })).toBe('trial');
    expect(reminderKind({ IsEmpty: false, LicenseType: 'Demonstration' })).toBe('demonstration');
    expect(reminderKind({ IsEmpty: false, LicenseType: 'Professional' })).toBeNull();
    expect(reminderKind({ IsEmpty: true, LicenseType: 'Trial' })).toBeNull();
    expect(reminderKind(undefined)).toBeNull();
  });

  it('shows a trial at once, then after 1 hour on premises and 23 hours on cloud', () => {
    expect(reminderDue('trial', 'on_premises', null, now)).toBe(true);
    expect(reminderDue('trial', 'on_premises', now - HOUR + 1000, now)).toBe(false);
    expect(reminderDue('trial', 'on_premises', now - HOUR, now)).toBe(true);
    expect(reminderDue('trial', 'cloud', now - 2 * HOUR, now)).toBe(false);
    expect(reminderDue('trial', 'cloud', now - 23 * HOUR, now)).toBe(true);
  });

  it('shows a demonstration every 23 hours, and treats a clock set back as due', () => {
    expect(reminderDue('demonstration', 'on_premises', now - 22 * HOUR, now)).toBe(false);
    expect(reminderDue('demonstration', 'on_premises', now - 23 * HOUR, now)).toBe(true);
    expect(reminderDue('demonstration', 'on_premises', now + HOUR, now)).toBe(true);
  });
});
