/**
 * The toolbar settings pages (spec 1 §2): user/list/toolbar, user/viewer/toolbar,
 * user/report/toolbar and user/mwm/toolbar edit the user's own toolbars (settings `{page}.toolbar`); admin/share/guest
 * edits the toolbars every share guest gets (configs `share.guest.{page}.toolbar`), one page at a
 * time.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { hasPermission, type PermissionKey, type ToolbarItem } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { toolbarKey } from '../toolbar-source.ts';
import { useReplaceConfigs } from '../../configs/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import {
  GUEST_DEFAULTS,
  SHARE_GUEST_PERMISSIONS,
  TOOLBAR_PAGES,
  USER_DEFAULTS,
  type GuestToolbarPage,
  type ToolbarPage,
} from '../toolbar-items.ts';
import { ToolbarEditor } from './toolbar-editor.tsx';
import '../toolbars.css';
import { PageHeader } from '../../../components/page-header.tsx';

const TITLES = defineMessages({
  list: { id: 'toolbars.title.list' },
  viewer: { id: 'toolbars.title.viewer' },
  report: { id: 'toolbars.title.report' },
  mwm: { id: 'toolbars.title.mwm' },
});

const UserToolbarScreen = observer(function UserToolbarScreen({ page }: { page: ToolbarPage }) {
  const replace = useReplaceSettings();
  const items = sessionStore.settings?.[page]?.toolbar ?? USER_DEFAULTS[page]();
  return (
    <div className="page toolbar-page">
      <PageHeader title={<FormattedMessage {...TITLES[page]} />} description={<FormattedMessage id="toolbars.user_description" />} />
      <div className="card">
        <ToolbarEditor
          page={page}
          items={items}
          defaults={USER_DEFAULTS[page]}
          can={(permission) => sessionStore.can(permission)}
          onSave={(next) => replace.mutateAsync({ key: toolbarKey(page, false), value: next })}
        />
      </div>
    </div>
  );
});

export function UserListToolbarScreen() {
  return <UserToolbarScreen page="list" />;
}

export function UserViewerToolbarScreen() {
  return <UserToolbarScreen page="viewer" />;
}

export function UserReportToolbarScreen() {
  return <UserToolbarScreen page="report" />;
}

export function UserMwmToolbarScreen() {
  return <UserToolbarScreen page="mwm" />;
}

/** admin/share/guest: the share guests' toolbars, a tab per page. */
export const GuestToolbarScreen = observer(function GuestToolbarScreen() {
  const intl = useIntl();
  const [page, setPage] = useState<GuestToolbarPage>('list');
  const replace = useReplaceConfigs();
  const guest = sessionStore.configs?.share?.guest;
  const items: ToolbarItem[] = guest?.[page]?.toolbar ?? GUEST_DEFAULTS[page]();
  const can = (permission: PermissionKey) =>
    hasPermission({ permissions: SHARE_GUEST_PERMISSIONS, edition: sessionStore.edition, kind: null }, permission);
  return (
    <div className="page toolbar-page">
      <PageHeader
        title={<FormattedMessage id="toolbars.guest_title" />}
        description={<FormattedMessage id="toolbars.guest_description" />}
      />
      <div className="access-tabs" role="tablist" aria-label={intl.formatMessage({ id: 'toolbars.guest_title' })}>
        {TOOLBAR_PAGES.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`guest-toolbar-tab-${key}`}
            className="access-tab"
            aria-selected={page === key}
            aria-controls="guest-toolbar-panel"
            onClick={() => setPage(key)}
          >
            <FormattedMessage {...TITLES[key]} />
          </button>
        ))}
      </div>
      <div id="guest-toolbar-panel" role="tabpanel" aria-labelledby={`guest-toolbar-tab-${page}`} className="card">
        <ToolbarEditor
          key={page}
          page={page}
          items={items}
          defaults={GUEST_DEFAULTS[page]}
          can={can}
          onSave={(next) => replace.mutateAsync({ key: toolbarKey(page, true), value: next })}
        />
      </div>
    </div>
  );
});
