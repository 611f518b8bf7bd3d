/** The account menu in the global bar (spec 1 §2 "Profile dropdown"). */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionStore } from '../../state/index.ts';
import { Icon } from '../../components/icons.tsx';
import { NavEntry } from './nav-entry.tsx';
import { PROFILE_ITEMS, visibleItems } from './nav-items.ts';
import { useNavContext } from './use-nav-context.ts';

export const ProfileDropdown = observer(function ProfileDropdown() {
  const intl = useIntl();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const items = visibleItems(PROFILE_ITEMS, useNavContext());
  const name = sessionStore.account?.Name || intl.formatMessage({ id: 'shell.guest' });

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="profile-dropdown" ref={root}>
      <button
        type="button"
        className="profile-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={intl.formatMessage({ id: 'shell.account_menu' }, { name })}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="profile-name">{name}</span>
        <Icon name="chevron" size={16} />
      </button>
      {open && (
        <div className="menu" id={menuId} role="menu" aria-label={name}>
          {sessionStore.account && (
            <div className="menu-header" role="presentation">
              <div className="menu-header-name">{name}</div>
              <div className="menu-header-sub">{sessionStore.account.RoleName || <FormattedMessage id="shell.signed_in" />}</div>
            </div>
          )}
          {items.map((item) => (
            <NavEntry key={item.key} item={item} className="menu-item" role="menuitem" onSelect={() => setOpen(false)} />
          ))}
        </div>
      )}
    </div>
  );
});
