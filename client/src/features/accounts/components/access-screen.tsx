/** admin/account ("Access"): accounts, roles and institutions, each with add, edit and delete. */
import { useRef, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useAccounts } from '../api/get-accounts.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { useRoles } from '../../roles/index.ts';
import { AccountsSection } from './accounts-section.tsx';
import { InstitutionsSection } from '../../institutions/index.ts';
import { RolesSection } from '../../roles/index.ts';
import '../accounts.css';
import { PageHeader } from '../../../components/page-header.tsx';

const TABS = ['accounts', 'roles', 'institutions'] as const;
type Tab = (typeof TABS)[number];

const TAB_LABELS = {
  accounts: { id: 'accounts_admin.tabs.accounts' },
  roles: { id: 'accounts_admin.tabs.roles' },
  institutions: { id: 'accounts_admin.tabs.institutions' },
} as const satisfies Record<Tab, { id: string }>;

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

export function AccessScreen() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'accounts';
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const accounts = useAccounts();
  const roles = useRoles();
  const institutions = useInstitutions();

  const select = (next: Tab) => setParams(next === 'accounts' ? {} : { tab: next }, { replace: true });

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const rtl = document.documentElement.dir === 'rtl' ? -1 : 1;
    const next = TABS[(TABS.indexOf(tab) + step * rtl + TABS.length) % TABS.length] ?? 'accounts';
    select(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="page page-wide">
      <PageHeader
        title={<FormattedMessage id="accounts_admin.title" />}
        description={<FormattedMessage id="accounts_admin.description" />}
      />
      <div className="access-tabs" role="tablist" aria-label={intl.formatMessage({ id: 'accounts_admin.title' })} onKeyDown={onKeyDown}>
        {TABS.map((key) => (
          <button
            key={key}
            ref={(element) => {
              tabRefs.current[key] = element;
            }}
            type="button"
            role="tab"
            id={`access-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="access-panel"
            tabIndex={tab === key ? 0 : -1}
            className="access-tab"
            onClick={() => select(key)}
          >
            {intl.formatMessage(TAB_LABELS[key])}
          </button>
        ))}
      </div>
      <div id="access-panel" role="tabpanel" aria-labelledby={`access-tab-${tab}`} className="card access-panel">
        {tab === 'accounts' && <AccountsSection accounts={accounts.data} roles={roles.data ?? []} institutions={institutions.data ?? []} />}
        {tab === 'roles' && <RolesSection roles={roles.data} institutions={institutions.data ?? []} />}
        {tab === 'institutions' && <InstitutionsSection institutions={institutions.data} roles={roles.data ?? []} />}
      </div>
    </div>
  );
}
