/**
 * The layout route: bars chosen by route, sidebar, the screen, dialogs and status layers. It
 * also keeps the theme, page title and language attributes in step with the route.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@pacs/common';
import { IndexStatusBanner } from '../../features/server/components/index-status-banner.tsx';
import { ReleaseNotesDialog, StorageAlert } from '../../features/server/index.ts';
import { LicenceAlert, ReminderDialog } from '../../features/licence/index.ts';
import { DialogsHost } from '../dialogs/dialogs-host.tsx';
import { rememberAllowedLocation } from '../guard.ts';
import { buildPageTitle } from '../page-title.ts';
import { SEGMENT_MESSAGES } from '../segments.ts';
import { sessionStore, uiStore } from '../../state/index.ts';
import { useBackgroundChecks } from '../use-background-checks.ts';
import { GlobalBar } from './global-bar.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { Sidebar } from './sidebar.tsx';
import { SearchBarSlot, ToolbarSlot } from '../../components/slots.tsx';
import { LoadingOverlay, OfflineBanner } from './status-layers.tsx';
import { topBarsFor } from './top-bars.ts';

const NO_SIDEBAR = new Set(['/login', '/invalid', '/viewer', '/dicomheader']);

function usePageTitle(pathname: string, productName: string): void {
  const intl = useIntl();
  useEffect(() => {
    const title = buildPageTitle(pathname, productName, (segment) => {
      const descriptor = SEGMENT_MESSAGES[segment];
      return descriptor ? intl.formatMessage(descriptor) : segment;
    });
    document.title = title;
  }, [pathname, productName, intl]);
}

function useShortcutKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === '?' && sessionStore.isSignedIn && !uiStore.anyDialogOpen) uiStore.openDialog('keyboard_shortcuts');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export const AppShell = observer(function AppShell() {
  const intl = useIntl();
  const location = useLocation();
  const bars = topBarsFor(location.pathname);
  const productName = sessionStore.serverState?.ProductName ?? PRODUCT_NAME;
  const showSidebar = sessionStore.isSignedIn && !NO_SIDEBAR.has(location.pathname);

  useBackgroundChecks();
  useShortcutKeys();
  usePageTitle(location.pathname, productName);

  useEffect(() => {
    uiStore.setTheme(bars.theme);
    document.documentElement.dataset.theme = bars.theme;
  }, [bars.theme]);

  useEffect(() => {
    rememberAllowedLocation(location.pathname + location.search);
  }, [location.pathname, location.search]);

  return (
    <div className={`app theme-${bars.theme}`}>
      <button type="button" className="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        {intl.formatMessage({ id: 'shell.skip_to_content' })}
      </button>
      <GlobalBar />
      <SearchBarSlot band={bars.searchBar} />
      <ToolbarSlot band={bars.toolbar} />
      <OfflineBanner />
      <IndexStatusBanner />
      <StorageAlert />
      <LicenceAlert />
      <div className="app-body">
        {showSidebar && <Sidebar />}
        <main id="main" className="app-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <MobileMenu />
      <DialogsHost />
      <ReminderDialog />
      <ReleaseNotesDialog />
      <LoadingOverlay />
    </div>
  );
});
