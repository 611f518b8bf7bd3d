import { describe, expect, it } from 'vitest';
import { completePermissions, hasPermission, hiddenStudyFields, isAdmin, ungrantable } from './permissions.ts';

describe('permissions', () => {
  it('grants everything with all, except what the edition or kind excludes', () => {
    expect(hasPermission({ permissions: { all: true }, edition: 'on_premises' }, 'list_forward')).toBe(true);
    expect(hasPermission({ permissions: { all: true }, edition: 'cloud' }, 'list_forward')).toBe(false);
    expect(hasPermission({ permissions: { all: true }, edition: 'cloud' }, 'mwm')).toBe(false);
    expect(hasPermission({ permissions: { all: true }, edition: 'teleradiology', kind: 'Radiologist' }, 'admin')).toBe(false);
    expect(hasPermission({ permissions: { list: true }, edition: 'on_premises' }, 'viewer')).toBe(false);
  });

  it('calls all or admin an administrator', () => {
    expect(isAdmin({ all: true })).toBe(true);
    expect(isAdmin({ admin: true })).toBe(true);
    expect(isAdmin({ list: true, user: true })).toBe(false);
  });

  it('names the permissions an edition or kind cannot grant', () => {
    expect(ungrantable({ list: true, mwm: true, list_forward: true }, 'cloud')).toEqual(['mwm', 'list_forward']);
    expect(ungrantable({ list: true, list_assign: true }, 'pacs')).toEqual(['list_assign']);
    expect(ungrantable({ share: true, report_pdf: true }, 'teleradiology', 'Company')).toEqual(['share', 'report_pdf']);
    expect(ungrantable({ list: false, mwm: false }, 'cloud')).toEqual([]);
  });

  it('hides fields per kind and edition', () => {
    expect([...hiddenStudyFields('teleradiology', 'Radiologist')].sort()).toEqual([
      'AETitle',
      'Institution',
      'InstitutionName',
      'IsFavorite',
      'IsShared',
      'PatientName',
    ]);
    expect(hiddenStudyFields('on_premises').size).toBe(0);
    expect(hiddenStudyFields('pacs').has('Priority')).toBe(true);
  });

  it('stores every key explicitly', () => {
    const stored = completePermissions({ list: true });
    expect(stored.list).toBe(true);
    expect(stored.viewer).toBe(false);
    expect(Object.keys(stored).length).toBeGreaterThan(25);
  });
});
