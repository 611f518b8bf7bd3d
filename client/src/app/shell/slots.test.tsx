// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGLISH } from '../../i18n/messages.ts';
import { SearchBarSlot, SlotPortal, ToolbarSlot } from '../../components/slots.tsx';
import { topBarsFor } from './top-bars.ts';

let showPickers: (show: boolean) => void = () => undefined;

function Screen() {
  const [show, setShow] = useState(false);
  showPickers = setShow;
  return show ? <SlotPortal slot="search-bar">pickers</SlotPortal> : null;
}

function Shell({ pathname }: { pathname: string }) {
  const bars = topBarsFor(pathname);
  return (
    <IntlProvider locale="en" messages={ENGLISH}>
      <SearchBarSlot band={bars.searchBar} />
      <ToolbarSlot band={bars.toolbar} />
      <Screen />
    </IntlProvider>
  );
}

describe('shell slots', () => {
  afterEach(cleanup);

  it('keeps the list bands while empty', () => {
    render(<Shell pathname="/list" />);
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.getByRole('toolbar')).toBeTruthy();
  });

  it('collapses the viewer bands until a screen fills one', () => {
    render(<Shell pathname="/viewer" />);
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    act(() => showPickers(true));
    expect(screen.getByRole('search').textContent).toContain('pickers');
    expect(screen.queryByRole('toolbar')).toBeNull();
    act(() => showPickers(false));
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('shows no search bar on report', () => {
    render(<Shell pathname="/report" />);
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.getByRole('toolbar')).toBeTruthy();
  });
});
