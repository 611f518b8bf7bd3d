// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Formik } from 'formik';
import { afterEach, describe, expect, it } from 'vitest';
import { IntlProvider } from 'react-intl';
import type { Edition, Permissions, TeleradiologyKind } from '@pacs/common';
import { ENGLISH } from '../../../i18n/messages.ts';
import { PermissionCheckboxes } from './permission-checkboxes.tsx';

afterEach(cleanup);

function renderGrid(edition: Edition, kind: TeleradiologyKind | null, permissions: Permissions = {}) {
  const seen: { value: Permissions } = { value: permissions };
  render(
    <IntlProvider locale="en" messages={ENGLISH}>
      <Formik initialValues={{ Permissions: permissions }} onSubmit={() => undefined}>
        {({ values }) => {
          seen.value = values.Permissions;
          return <PermissionCheckboxes name="Permissions" edition={edition} kind={kind} />;
        }}
      </Formik>
    </IntlProvider>,
  );
  return seen;
}

const box = (name: RegExp) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('PermissionCheckboxes', () => {
  it('disables subscription on premises, saying the edition is why', () => {
    renderGrid('on_premises', null);
    expect(box(/^Subscription/).disabled).toBe(true);
    expect(box(/^Subscription/).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByText('Not available in this edition')).toHaveLength(1);
    expect(box(/^Worklist$/).disabled).toBe(false);
  });

  it('disables what a radiologist cannot hold, saying the kind is why', () => {
    renderGrid('teleradiology', 'Radiologist');
    expect(box(/^Admin settings/).disabled).toBe(true);
    expect(screen.getByText('Admin settings').parentElement?.textContent).toContain('Not available for this kind');
    // The edition's own exclusions keep the edition as the reason.
    expect(screen.getByText('Worklist').parentElement?.textContent).toContain('Not available in this edition');
    expect(box(/^Report PDF$/).disabled).toBe(false);
  });

  it('shows every other key implied while all is on, never the excluded ones', () => {
    renderGrid('on_premises', null, { all: true });
    expect(box(/^Viewer$/).checked).toBe(true);
    expect(box(/^Viewer$/).disabled).toBe(true);
    expect(box(/^Subscription/).checked).toBe(false);
  });

  it('sets and clears flags', () => {
    const seen = renderGrid('cloud', null);
    fireEvent.click(box(/^Study list$/));
    expect(seen.value).toEqual({ list: true });
    fireEvent.click(box(/^Study list$/));
    expect(seen.value).toEqual({});
  });
});
