/** The top bar every route has: the site's logo and text, the mobile menu button, the profile menu. */
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@pacs/common';
import { paths } from '../../lib/paths.ts';
import { sessionStore, uiStore } from '../../state/index.ts';
import { Icon } from '../../components/icons.tsx';
import { SiteBrand, useSiteFavicon } from '../../features/configs/index.ts';
import { ProfileDropdown } from './profile-dropdown.tsx';

export const GlobalBar = observer(function GlobalBar() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const home = pathname === paths.invalid.path ? paths.invalid.getHref() : paths.list.getHref();
  const productName = sessionStore.serverState?.ProductName ?? PRODUCT_NAME;
  useSiteFavicon();
  return (
    <header className="global-bar">
      <button
        type="button"
        className="icon-button mobile-only"
        aria-label={intl.formatMessage({ id: 'shell.open_menu' })}
        aria-expanded={uiStore.mobileMenuOpen}
        onClick={() => uiStore.setMobileMenuOpen(true)}
      >
        <Icon name="menu" />
      </button>
      <Link to={home} className="brand" aria-label={intl.formatMessage({ id: 'shell.home' }, { product: productName })}>
        <SiteBrand productName={productName} />
      </Link>
      <div className="global-bar-spacer" />
      <div className="pc-only">
        <ProfileDropdown />
      </div>
    </header>
  );
});
