import { describe, expect, it } from 'vitest';
import type { Permissions, SignedAccount } from '@pacs/common';
import { MOBILE_MENU_ITEMS, PROFILE_ITEMS, SIDEBAR_ITEMS, visibleItems } from './nav-items.ts';

function account(permissions: Permissions, isGuest = false): SignedAccount {
  return {
    Id: 'u',
    Name: 'U',
    Title: '',
    Role: 2,
    RoleName: '',
    Institution: 0,
    InstitutionName: '',
    Teleradiology: null,
    AETitle: '',
    ReferringPhysicianName: '',
    Permissions: permissions,
    IsGuest: isGuest,
    CsrfToken: 't',
  };
}

const keys = (items: { key: string }[]) => items.map((item) => item.key);

describe('sidebar items', () => {
  it('shows only what the permissions allow', () => {
    const items = visibleItems(SIDEBAR_ITEMS, { account: account({ list: true, viewer: true }), edition: 'on_premises' });
    expect(keys(items)).toEqual(['list', 'viewer', 'about']);
  });

  it('shows everything the edition offers to all', () => {
    const onPremises = keys(visibleItems(SIDEBAR_ITEMS, { account: account({ all: true }), edition: 'on_premises' }));
    expect(onPremises).toContain('mwm');
    expect(onPremises).not.toContain('subscription');
    const cloud = keys(visibleItems(SIDEBAR_ITEMS, { account: account({ all: true }), edition: 'cloud' }));
    expect(cloud).toContain('subscription');
    expect(cloud).not.toContain('mwm');
  });

  it('hides share in teleradiology', () => {
    const items = keys(visibleItems(SIDEBAR_ITEMS, { account: account({ all: true }), edition: 'teleradiology' }));
    expect(items).not.toContain('share');
  });

  it('shows only public entries when signed out', () => {
    expect(keys(visibleItems(SIDEBAR_ITEMS, { account: null, edition: 'on_premises' }))).toEqual(['about']);
  });
});

describe('profile dropdown items', () => {
  it('offers profile, contact, shortcuts and logout to a signed-in user', () => {
    const items = keys(visibleItems(PROFILE_ITEMS, { account: account({ list: true }), edition: 'on_premises' }));
    expect(items).toEqual(['profile', 'list', 'about', 'contact', 'keyboard_shortcuts', 'logout']);
  });

  it('hides the profile from guests and logout in the media viewer', () => {
    const items = keys(visibleItems(PROFILE_ITEMS, { account: account({ list: true }, true), edition: 'media_viewer' }));
    expect(items).not.toContain('profile');
    expect(items).not.toContain('logout');
  });

  it('offers login when signed out', () => {
    expect(keys(visibleItems(PROFILE_ITEMS, { account: null, edition: 'on_premises' }))).toEqual(['about', 'login']);
  });

  it('lists admin settings only for admins', () => {
    const admin = keys(visibleItems(PROFILE_ITEMS, { account: account({ admin: true }), edition: 'pacs' }));
    expect(admin).toContain('admin');
    const staff = keys(visibleItems(MOBILE_MENU_ITEMS, { account: account({ list: true }), edition: 'pacs' }));
    expect(staff).not.toContain('admin');
  });
});
