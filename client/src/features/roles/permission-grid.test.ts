import { describe, expect, it } from 'vitest';
import { EDITIONS, PERMISSION_KEYS, excludedPermissions, type PermissionKey } from '@pacs/common';
import { PERMISSION_GROUPS, grantable, grantedKeys, unavailability } from './permission-grid.ts';

const unavailableIn = (...args: Parameters<typeof unavailability> extends [PermissionKey, ...infer Rest] ? Rest : never) =>
  PERMISSION_KEYS.filter((key) => unavailability(key, ...args) !== null);

describe('permission grid', () => {
  it('shows every key once: all on top, then areas, list, viewer and report keys', () => {
    const shown = ['all', ...PERMISSION_GROUPS.flatMap((group) => group.keys)];
    expect(shown).toEqual([...PERMISSION_KEYS]);
    expect(PERMISSION_GROUPS.map((group) => group.key)).toEqual(['area', 'list', 'viewer', 'report']);
  });

  it('disables what the edition cannot grant, naming the edition as the reason', () => {
    expect(unavailableIn('on_premises', null)).toEqual(['subscription']);
    expect(unavailability('subscription', 'on_premises', null)).toBe('edition');
    expect(unavailableIn('cloud', null).sort()).toEqual(['list_forward', 'mwm']);
    expect(unavailableIn('pacs', null).sort()).toEqual(['list_assign', 'list_order', 'subscription']);
    for (const edition of EDITIONS) expect(new Set(unavailableIn(edition, null))).toEqual(excludedPermissions(edition));
  });

  it('adds what the teleradiology kind cannot hold, naming the kind, and keeps the edition reason first', () => {
    expect(unavailability('admin', 'teleradiology', 'Radiologist')).toBe('kind');
    expect(unavailability('list_note', 'teleradiology', 'Radiologist')).toBe('edition');
    expect(unavailability('report_pdf', 'teleradiology', 'Radiologist')).toBeNull();
    expect(unavailability('report_pdf', 'teleradiology', 'Company')).toBe('kind');
    expect(unavailability('dashboard', 'teleradiology', 'Institution')).toBe('kind');
    expect(new Set(unavailableIn('teleradiology', 'Company'))).toEqual(excludedPermissions('teleradiology', 'Company'));
  });

  it('sends only grantable flags', () => {
    expect(grantable({ all: true, subscription: true, list: true, viewer: false }, 'on_premises', null)).toEqual({ all: true, list: true });
    expect(grantable({ admin: true, report: true }, 'teleradiology', 'Radiologist')).toEqual({ report: true });
  });

  it('lists granted keys in display order', () => {
    expect(grantedKeys({ report_save: true, list: true, all: true, viewer: false })).toEqual(['all', 'list', 'report_save']);
  });
});
