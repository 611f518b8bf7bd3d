import { describe, expect, it } from 'vitest';
import { buildPageTitle } from './page-title.ts';

const label = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);

describe('buildPageTitle', () => {
  it('joins the segments and appends the product name', () => {
    expect(buildPageTitle('/admin/general/security', 'Open PACS', label)).toBe('Admin - General - Security | Open PACS');
    expect(buildPageTitle('/about/overview', 'Open PACS', label)).toBe('About - Overview | Open PACS');
  });

  it('leaves list, viewer and report alone', () => {
    expect(buildPageTitle('/list', 'Open PACS', label)).toBeNull();
    expect(buildPageTitle('/viewer', 'Open PACS', label)).toBeNull();
    expect(buildPageTitle('/report', 'Open PACS', label)).toBeNull();
  });

  it('uses the product name alone at the root', () => {
    expect(buildPageTitle('/', 'Open PACS', label)).toBe('Open PACS');
  });
});
