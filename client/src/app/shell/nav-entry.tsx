/** One menu entry: a link to a route or a button that opens a dialog. */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { uiStore } from '../../state/index.ts';
import { Icon } from '../../components/icons.tsx';
import type { NavItem } from './nav-items.ts';

interface NavEntryProps {
  item: NavItem;
  className: string;
  role?: 'menuitem';
  onSelect?: () => void;
  /** Replaces the label (e.g. compact rail labels). */
  children?: ReactNode;
}

export function NavEntry({ item, className, role, onSelect, children }: NavEntryProps) {
  const intl = useIntl();
  const label = intl.formatMessage(item.label);
  const content = (
    <>
      <Icon name={item.icon} />
      <span className="nav-label">{children ?? label}</span>
    </>
  );
  if (item.href) {
    return (
      <NavLink to={item.href} className={className} role={role} onClick={onSelect}>
        {content}
      </NavLink>
    );
  }
  const dialog = item.dialog;
  return (
    <button
      type="button"
      className={className}
      role={role}
      onClick={() => {
        onSelect?.();
        if (dialog) uiStore.openDialog(dialog);
      }}
    >
      {content}
    </button>
  );
}
