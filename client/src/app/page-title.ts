/**
 * Page titles (spec 1 §2): 'title | product name', the title built from the route's path
 * segments (settings pages read 'Admin Settings - General - Security | …'). The list, viewer
 * and report pages set no title of their own: they read as the product name alone. Every route
 * sets the document title, or the tab would keep the previous page's ('Login | …' on the list
 * after signing in).
 */
const UNTITLED = new Set(['/list', '/viewer', '/report', '/us-report']);

/** The document title for a path. */
export function buildPageTitle(pathname: string, productName: string, label: (segment: string) => string): string {
  if (UNTITLED.has(pathname)) return productName;
  const segments = pathname.split('/').filter((segment) => segment.length > 0);
  if (segments.length === 0) return productName;
  return `${segments.map(label).join(' - ')} | ${productName}`;
}
