import { describe, expect, it } from 'vitest';
import { buildPageTitle } from './page-title.ts';

const label = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);

describe('buildPageTitle', () => {
  it('joins the segments and appends the product name', () => {
    expect(buildPageTitle('/admin/general/security', 'Open PACS', label)).toBe('Admin - General - Security | Open PACS');
    expect(buildPageTitle('/about/overview', 'Open PACS', label)).toBe('About - Overview | Open PACS');
  });

  it("gives list, viewer and report the product name alone, never the previous page's title", () => {
    expect(buildPageTitle('/list', 'Open PACS', label)).toBe('Open PACS');
    expect(buildPageTitle('/viewer', 'Open PACS', label)).toBe('Open PACS');
    expect(buildPageTitle('/report', 'Open PACS', label)).toBe('Open PACS');
    // Signing in goes from /login to /list: the list's title replaces the login page's.
    expect(buildPageTitle('/login', 'Open PACS', label)).toBe('Login | Open PACS');
    expect(buildPageTitle('/list', 'Open PACS', label)).not.toContain('Login');
  });

  it('uses the product name alone at the root', () => {
    expect(buildPageTitle('/', 'Open PACS', label)).toBe('Open PACS');
  });
});
