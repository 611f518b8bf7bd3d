/** Which bars and theme each route gets (spec 1 §2 "Top bar by route"). */
import type { Theme } from '../stores/ui-store.ts';

/**
 * How the shell shows a search bar or toolbar band: always (an empty slot holds its place),
 * only while a screen fills it, or never.
 */
export type Band = 'always' | 'when-filled' | 'never';

export interface TopBars {
  theme: Theme;
  searchBar: Band;
  toolbar: Band;
}

export function topBarsFor(pathname: string): TopBars {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  switch (first) {
    case 'list':
    case 'mwm':
      return { theme: 'light', searchBar: 'always', toolbar: 'always' };
    case 'report':
    case 'us-report':
      return { theme: 'light', searchBar: 'never', toolbar: 'always' };
    case 'viewer':
      // The viewer draws its own tool row; the bands appear when it fills them (the pickers).
      return { theme: 'dark', searchBar: 'when-filled', toolbar: 'when-filled' };
    case 'dicomheader':
      return { theme: 'dark', searchBar: 'never', toolbar: 'never' };
    default:
      return { theme: 'light', searchBar: 'never', toolbar: 'never' };
  }
}
