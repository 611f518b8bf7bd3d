import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type SignedAccount } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { putReplaceSettings } from './replace-settings.ts';

const guest: SignedAccount = {
  Id: 'sonic_share_guest',
  Name: 'Guest',
  Title: 'Guest',
  Role: 2,
  RoleName: 'Share guest',
  Institution: 0,
  InstitutionName: 'Default',
  Teleradiology: null,
  AETitle: '',
  ReferringPhysicianName: '',
  Permissions: { list: true, viewer: true, report: true },
  IsGuest: true,
  CsrfToken: 'token',
};

afterEach(() => {
  sessionStore.clear();
  vi.restoreAllMocks();
});

describe('putReplaceSettings', () => {
  it('never sends a guest’s settings: the change stays in this tab', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    sessionStore.setAccount(guest);
    sessionStore.setSettings(defaultSettings());
    const response = await putReplaceSettings({ key: 'list.toolbar', value: [] });
    expect(fetch).not.toHaveBeenCalled();
    expect(response.Settings.list.toolbar).toEqual([]);
    expect(response.Settings.viewer.toolbar.length).toBeGreaterThan(0);
  });
});
