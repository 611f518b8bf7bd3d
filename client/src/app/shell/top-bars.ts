/** Which bars and theme each route gets (spec 1 §2 "Top bar by route"). */
import type { Theme } from '../stores/ui-store.ts';

export interface TopBars {
  theme: Theme;
  searchBar: boolean;
  toolbar: boolean;
}

export function topBarsFor(pathname: string): TopBars {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  switch (first) {
    case 'list':
    case 'mwm':
      return { theme: 'light', searchBar: true, toolbar: true };
    case 'report':
    case 'us-report':
      return { theme: 'light', searchBar: false, toolbar: true };
    case 'viewer':
      return { theme: 'dark', searchBar: true, toolbar: true };
    case 'dicomheader':
      return { theme: 'dark', searchBar: false, toolbar: false };
    default:
      return { theme: 'light', searchBar: false, toolbar: false };
  }
}
