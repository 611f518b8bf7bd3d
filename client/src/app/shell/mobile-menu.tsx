/** The drawer that replaces the sidebar and profile menu below 768 px (spec 1 §2). */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { applyLanguage } from '../../state/language.ts';
import { sessionStore, uiStore } from '../../state/index.ts';
import { Icon } from '../../components/icons.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import { NavEntry } from './nav-entry.tsx';
import { MOBILE_MENU_ITEMS, visibleItems } from './nav-items.ts';
import { useNavContext } from './use-nav-context.ts';

export const MobileMenu = observer(function MobileMenu() {
  const intl = useIntl();
  const location = useLocation();
  const items = visibleItems(MOBILE_MENU_ITEMS, useNavContext());
  const close = () => uiStore.setMobileMenuOpen(false);

  useEffect(() => {
    uiStore.setMobileMenuOpen(false);
  }, [location.pathname]);

  if (!uiStore.mobileMenuOpen) return null;
  return (
    <div className="drawer-backdrop" onMouseDown={(event) => event.target === event.currentTarget && close()}>
      <nav className="drawer" aria-label={intl.formatMessage({ id: 'shell.mobile_menu' })}>
        <div className="drawer-header">
          <div>
            <div className="drawer-name">{sessionStore.account?.Name || <FormattedMessage id="shell.guest" />}</div>
            {sessionStore.account?.RoleName && <div className="drawer-sub">{sessionStore.account.RoleName}</div>}
          </div>
          <button type="button" className="icon-button" onClick={close} aria-label={intl.formatMessage({ id: 'shell.close_menu' })}>
            <Icon name="close" />
          </button>
        </div>
        <div className="drawer-items">
          {items.map((item) => (
            <NavEntry key={item.key} item={item} className="drawer-item" onSelect={close} />
          ))}
        </div>
        <div className="drawer-footer">
          <LanguageSelect value={uiStore.language} onChange={applyLanguage} />
        </div>
      </nav>
    </div>
  );
});
