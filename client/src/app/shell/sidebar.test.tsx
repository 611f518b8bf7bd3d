// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import type { Permissions } from '@pacs/common';
import { ENGLISH } from '../../i18n/messages.ts';
import { sessionStore } from '../../state/index.ts';
import { signedAccount } from '../../state/signed-account.fixture.ts';
import { Sidebar } from './sidebar.tsx';

function signIn(permissions: Permissions): void {
  sessionStore.setAccount(signedAccount({ Permissions: permissions }));
}

function renderSidebar() {
  return render(
    <IntlProvider locale="en" messages={ENGLISH}>
      <MemoryRouter initialEntries={['/list']}>
        <Sidebar />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('Sidebar', () => {
  afterEach(() => {
    cleanup();
    sessionStore.clear();
  });

  it('shows only the areas the user may open', () => {
    signIn({ list: true, report: true });
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav.textContent).toContain('Study List');
    expect(nav.textContent).toContain('Report');
    expect(screen.queryByRole('link', { name: 'Admin Settings' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Viewer' })).toBeNull();
  });

  it('shows admin settings to a user with all', () => {
    signIn({ all: true });
    renderSidebar();
    expect(screen.getByRole('link', { name: 'Admin Settings' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('link', { name: 'Study List' }).className).toContain('active');
  });
});
