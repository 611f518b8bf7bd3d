import { describe, expect, it } from 'vitest';
import type { Permissions, SignedAccount, TeleradiologyKind } from '@pacs/common';
import { decideAccess, mergeAccess } from './route-access.ts';

function account(permissions: Permissions, extra: { IsGuest?: boolean; Teleradiology?: TeleradiologyKind | null } = {}): SignedAccount {
  return {
    Id: 'u1',
    Name: 'User One',
    Title: '',
    Role: 2,
    RoleName: 'Staff',
    Institution: 0,
    InstitutionName: '',
    Teleradiology: extra.Teleradiology ?? null,
    AETitle: '',
    ReferringPhysicianName: '',
    Permissions: permissions,
    IsGuest: extra.IsGuest ?? false,
    CsrfToken: 'token',
  };
}

describe('decideAccess', () => {
  it('lets anyone open public routes', () => {
    expect(decideAccess({}, { account: null, edition: 'on_premises' })).toBe('allow');
  });

  it('sends a signed-out user to login', () => {
    expect(decideAccess({ login: true, permission: 'list' }, { account: null, edition: 'on_premises' })).toBe('login');
  });

  it('needs the permission or all', () => {
    const route = { login: true, permission: 'admin' } as const;
    expect(decideAccess(route, { account: account({ admin: true }), edition: 'on_premises' })).toBe('allow');
    expect(decideAccess(route, { account: account({ all: true }), edition: 'on_premises' })).toBe('allow');
    expect(decideAccess(route, { account: account({ list: true }), edition: 'on_premises' })).toBe('deny');
  });

  it('applies edition exclusions even to all', () => {
    const mwm = { login: true, permission: 'mwm', onPremises: true } as const;
    expect(decideAccess(mwm, { account: account({ all: true }), edition: 'on_premises' })).toBe('allow');
    expect(decideAccess(mwm, { account: account({ all: true }), edition: 'cloud' })).toBe('deny');
    expect(decideAccess(mwm, { account: account({ all: true }), edition: 'teleradiology' })).toBe('deny');
  });

  it('applies teleradiology kind exclusions', () => {
    const admin = { login: true, permission: 'admin' } as const;
    expect(decideAccess(admin, { account: account({ all: true }, { Teleradiology: 'Radiologist' }), edition: 'teleradiology' })).toBe(
      'deny',
    );
  });

  it('keeps subscriptions to cloud editions and non-guests', () => {
    const subscription = { login: true, permission: 'subscription', cloud: true, notGuest: true } as const;
    expect(decideAccess(subscription, { account: account({ all: true }), edition: 'cloud' })).toBe('allow');
    expect(decideAccess(subscription, { account: account({ all: true }), edition: 'on_premises' })).toBe('deny');
    expect(decideAccess(subscription, { account: account({ all: true }, { IsGuest: true }), edition: 'cloud' })).toBe('deny');
  });

  it('lets guests open login-only routes they have permission for', () => {
    const list = { login: true, permission: 'list' } as const;
    expect(decideAccess(list, { account: account({ list: true }, { IsGuest: true }), edition: 'cloud' })).toBe('allow');
  });

  it('hides routes in the editions that leave them out', () => {
    const share = { login: true, permission: 'share', hiddenIn: ['teleradiology'] } as const;
    expect(decideAccess(share, { account: account({ all: true }), edition: 'teleradiology' })).toBe('deny');
    expect(decideAccess(share, { account: account({ all: true }), edition: 'pacs' })).toBe('allow');
  });
});

describe('mergeAccess', () => {
  it('adds a tab requirement to its area', () => {
    expect(mergeAccess({ login: true, permission: 'admin' }, { onPremises: true })).toEqual({
      login: true,
      permission: 'admin',
      onPremises: true,
      hiddenIn: [],
    });
  });
});
