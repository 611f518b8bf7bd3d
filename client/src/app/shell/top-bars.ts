/** Which bars and theme each route gets (spec 1 §2 "Top bar by route"). */
import type { Theme } from '../../state/ui-store.ts';

import type { Band } from '../../components/slots.tsx';

export type { Band };

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
