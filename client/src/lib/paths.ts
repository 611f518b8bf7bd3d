/**
 * Every route of the app in one place (spec 1 §2). `path` is the router pattern, `getHref` the
 * link target inside the hash router (no leading `#`).
 */
function withQuery(path: string, query?: Record<string, string | undefined>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  root: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: (redirect?: string) => withQuery('/login', { redirect }) },
  invalid: { path: '/invalid', getHref: () => '/invalid' },
  list: { path: '/list', getHref: () => '/list' },
  viewer: { path: '/viewer', getHref: () => '/viewer' },
  report: { path: '/report', getHref: () => '/report' },
  usReport: { path: '/us-report', getHref: () => '/us-report' },
  mwm: { path: '/mwm', getHref: () => '/mwm' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  dicomHeader: { path: '/dicomheader', getHref: () => '/dicomheader' },
  statistics: { path: '/statistics', getHref: () => '/statistics' },
  share: { path: '/share', getHref: () => '/share' },
  admin: { path: '/admin', getHref: () => '/admin' },
  adminLicence: { path: '/admin/general/license', getHref: () => '/admin/general/license' },
  adminSecurity: { path: '/admin/general/security', getHref: () => '/admin/general/security' },
  adminLog: { path: '/admin/general/log', getHref: () => '/admin/general/log' },
  recycleBin: { path: '/admin/server/recycle-bin', getHref: () => '/admin/server/recycle-bin' },
  user: { path: '/user', getHref: () => '/user' },
  userProfile: { path: '/user/profile', getHref: () => '/user/profile' },
  browser: { path: '/browser', getHref: () => '/browser' },
  subscription: { path: '/subscription', getHref: () => '/subscription' },
  about: { path: '/about', getHref: () => '/about' },
} as const;

/**
 * The path to come back to after signing in: the current route and query, minus the paging
 * parameters limit and offset and any credentials (spec 1 §4).
 */
export function redirectTarget(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['limit', 'offset', 'Id', 'Password', 'redirect']) params.delete(key);
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}
