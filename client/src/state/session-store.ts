/**
 * Who is signed in and what they may do. Filled by the session loader (app/session.ts) after
 * sign-in; emptied on logout. Server facts that exist before sign-in (edition) come from /state.
 */
import { makeAutoObservable } from 'mobx';
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_PERSON_NAME_FORM,
  hasPermission,
  isAdmin,
  type Configs,
  type DisplayFormat,
  type PersonNameForm,
  type Edition,
  type PermissionContext,
  type PermissionKey,
  type ServerState,
  type SignedAccount,
  type UserSettings,
} from '@pacs/common';

export class SessionStore {
  account: SignedAccount | null = null;
  serverState: ServerState | null = null;
  configs: Configs | null = null;
  settings: UserSettings | null = null;
  /**
   * Whether the last session to end was a guest's. Several requests can fail with 401 in the same
   * instant; the first empties the store, and the others must still send a guest to /invalid.
   */
  endedAsGuest = false;

  constructor() {
    makeAutoObservable(this);
  }

  get isSignedIn(): boolean {
    return this.account !== null;
  }

  get edition(): Edition {
    return this.serverState?.Edition ?? 'on_premises';
  }

  get csrfToken(): string | null {
    return this.account?.CsrfToken ?? null;
  }

  get permissionContext(): PermissionContext {
    return {
      permissions: this.account?.Permissions ?? {},
      edition: this.edition,
      kind: this.account?.Teleradiology ?? null,
    };
  }

  get isAdmin(): boolean {
    return this.account ? isAdmin(this.account.Permissions) : false;
  }

  get isGuest(): boolean {
    return this.account?.IsGuest ?? false;
  }

  /**
   * The site's date format and time zone (configs), as every date on screen is written with them
   * (common display-format.ts); defaults until the configs are loaded.
   */
  get displayFormat(): DisplayFormat {
    return { dateFormat: this.configs?.date_format || DEFAULT_DATE_FORMAT, timeZone: this.configs?.time_zone || undefined };
  }

  /** Which component group of a person name the site shows (configs patient_name.ja, common person-name.ts). */
  get nameForm(): PersonNameForm {
    return this.configs?.patient_name?.ja ?? DEFAULT_PERSON_NAME_FORM;
  }

  can(key: PermissionKey): boolean {
    return this.account !== null && hasPermission(this.permissionContext, key);
  }

  setServerState(state: ServerState): void {
    this.serverState = state;
  }

  setAccount(account: SignedAccount | null): void {
    if (account) this.endedAsGuest = false;
    this.account = account;
  }

  setConfigs(configs: Configs | null): void {
    this.configs = configs;
  }

  setSettings(settings: UserSettings | null): void {
    this.settings = settings;
  }

  /** Logout or a lost session: identity and settings go; server facts stay. */
  clear(): void {
    if (this.account) this.endedAsGuest = this.account.IsGuest ?? false;
    this.account = null;
    this.configs = null;
    this.settings = null;
  }
}
