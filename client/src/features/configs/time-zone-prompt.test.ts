import { describe, expect, it } from 'vitest';
import { forgetTimeZonePrompt, takeTimeZonePrompt } from './time-zone-prompt.ts';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe('the time zone prompt', () => {
  it('opens once per session of an account, not on every page load', () => {
    const store = new MemoryStorage();
    expect(takeTimeZonePrompt('admin', store)).toBe(true);
    // A reload reads the same session storage.
    expect(takeTimeZonePrompt('admin', store)).toBe(false);
    expect(takeTimeZonePrompt('admin', store)).toBe(false);
  });

  it('asks again after signing out, and asks another admin', () => {
    const store = new MemoryStorage();
    expect(takeTimeZonePrompt('admin', store)).toBe(true);
    expect(takeTimeZonePrompt('other-admin', store)).toBe(true);
    forgetTimeZonePrompt(store);
    expect(takeTimeZonePrompt('admin', store)).toBe(true);
  });

  it('still asks where no storage can be used', () => {
    expect(takeTimeZonePrompt('admin', null)).toBe(true);
  });
});
