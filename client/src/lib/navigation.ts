/**
 * Navigation from outside React (error handler, heartbeat, session loader). The router registers
 * itself here at start-up; this module imports nothing from the app so it can be used anywhere.
 */
export interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

let current: Navigator | null = null;

export function setNavigator(navigator: Navigator): void {
  current = navigator;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (current) current.navigate(to, options);
  else window.location.hash = `#${to}`;
}

/** The route inside the hash (`#/list?x=1` → pathname `/list`, search `?x=1`). */
export function currentHashLocation(): { pathname: string; search: string } {
  const hash = window.location.hash.replace(/^#/, '') || '/';
  const index = hash.indexOf('?');
  return index < 0 ? { pathname: hash, search: '' } : { pathname: hash.slice(0, index), search: hash.slice(index) };
}
