import { describe, expect, it } from 'vitest';
import { UiStore } from './ui-store.ts';

describe('UiStore', () => {
  it('flags a page as updated when its marker changes, not on the first marker', () => {
    const store = new UiStore();
    store.recordMarker('study', '');
    expect(store.updatedPages.has('study')).toBe(false);
    store.recordMarker('study', '');
    expect(store.updatedPages.has('study')).toBe(false);
    store.recordMarker('study', '2026-01-01T00:00:00Z');
    expect(store.updatedPages.has('study')).toBe(true);
    store.markPageRefreshed('study');
    expect(store.updatedPages.has('study')).toBe(false);
  });

  it('toggles dialogs by name and clears the error with its dialog', () => {
    const store = new UiStore();
    store.showError({ status: 404, message: 'missing' });
    expect(store.isOpen('error')).toBe(true);
    store.closeDialog('error');
    expect(store.error).toBeNull();
    store.toggleDialog('profile');
    expect(store.isOpen('profile')).toBe(true);
    store.toggleDialog('profile');
    expect(store.anyDialogOpen).toBe(false);
  });

  it('resets the loading overlay when hidden', () => {
    const store = new UiStore();
    store.showLoading('Generating Patient List', 40);
    expect(store.loading).toEqual({ visible: true, message: 'Generating Patient List', percent: 40 });
    store.hideLoading();
    expect(store.loading).toEqual({ visible: false, message: '', percent: null });
  });
});
