/** The navigation rail (PC widths); the same entries live in the mobile menu below 768 px. */
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { NavEntry } from './nav-entry.tsx';
import { SIDEBAR_ITEMS, visibleItems } from './nav-items.ts';
import { useNavContext } from './use-nav-context.ts';

export const Sidebar = observer(function Sidebar() {
  const intl = useIntl();
  const items = visibleItems(SIDEBAR_ITEMS, useNavContext());
  return (
    <nav className="sidebar" aria-label={intl.formatMessage({ id: 'shell.main_navigation' })}>
      {items.map((item) => (
        <NavEntry key={item.key} item={item} className="sidebar-item" />
      ))}
    </nav>
  );
});
