/**
 * Interface state that is not server data: which dialogs are open (by name, spec 1 §2), the
 * loading overlay, the offline and inactivity flags, page-updated markers, theme and language.
 */
import { makeAutoObservable } from 'mobx';

export const DIALOG_NAMES = [
  'error',
  'login_blocked',
  'dicom_connection',
  'web_connection',
  'logout',
  'keyboard_shortcuts',
  'profile',
  'time_zone',
  'contact',
] as const;
export type DialogName = (typeof DIALOG_NAMES)[number];

export interface ErrorInfo {
  status: number;
  message: string;
  code?: string;
}

export interface LoadingState {
  visible: boolean;
  message: string;
  /** 0–100, or null for an indeterminate wait. */
  percent: number | null;
}

export type Theme = 'light' | 'dark';

const HIDDEN_LOADING: LoadingState = { visible: false, message: '', percent: null };

export class UiStore {
  openDialogs = new Set<DialogName>();
  error: ErrorInfo | null = null;
  loading: LoadingState = HIDDEN_LOADING;
  offline = false;
  inactive = false;
  /** Last heartbeat marker per page key (study, mwm, trashbox). */
  pageMarkers = new Map<string, string>();
  /** Page keys whose data changed on the server since the page last refreshed. */
  updatedPages = new Set<string>();
  theme: Theme = 'light';
  language: string;
  mobileMenuOpen = false;

  constructor(language = 'en') {
    this.language = language;
    makeAutoObservable(this);
  }

  isOpen(name: DialogName): boolean {
    return this.openDialogs.has(name);
  }

  openDialog(name: DialogName): void {
    this.openDialogs.add(name);
  }

  closeDialog(name: DialogName): void {
    this.openDialogs.delete(name);
    if (name === 'error') this.error = null;
  }

  toggleDialog(name: DialogName): void {
    if (this.isOpen(name)) this.closeDialog(name);
    else this.openDialog(name);
  }

  get anyDialogOpen(): boolean {
    return this.openDialogs.size > 0;
  }

  showError(error: ErrorInfo): void {
    this.error = error;
    this.openDialogs.add('error');
  }

  showLoading(message: string, percent: number | null = null): void {
    this.loading = { visible: true, message, percent };
  }

  /** Hiding resets message and progress (spec 2 §4). */
  hideLoading(): void {
    this.loading = HIDDEN_LOADING;
  }

  setOffline(offline: boolean): void {
    this.offline = offline;
  }

  setInactive(inactive: boolean): void {
    this.inactive = inactive;
  }

  /** Records a page's marker; a change from a known marker flags the page as updated. */
  recordMarker(key: string, marker: string): void {
    const previous = this.pageMarkers.get(key);
    if (previous !== undefined && previous !== marker) this.updatedPages.add(key);
    this.pageMarkers.set(key, marker);
  }

  markPageRefreshed(key: string): void {
    this.updatedPages.delete(key);
  }

  setTheme(theme: Theme): void {
    this.theme = theme;
  }

  setLanguage(code: string): void {
    this.language = code;
  }

  setMobileMenuOpen(open: boolean): void {
    this.mobileMenuOpen = open;
  }
}
