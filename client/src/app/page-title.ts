/**
 * Page titles (spec 1 §2): 'title | product name', the title built from the route's path
 * segments (settings pages read 'Admin Settings - General - Security | …'). The list, viewer
 * and report pages leave the title alone.
 */
const UNTITLED = new Set(['/list', '/viewer', '/report', '/us-report']);

/** The document title for a path, or null when the page must not set one. */
export function buildPageTitle(pathname: string, productName: string, label: (segment: string) => string): string | null {
  if (UNTITLED.has(pathname)) return null;
  const segments = pathname.split('/').filter((segment) => segment.length > 0);
  if (segments.length === 0) return productName;
  return `${segments.map(label).join(' - ')} | ${productName}`;
}
