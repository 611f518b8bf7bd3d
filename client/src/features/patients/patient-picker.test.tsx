// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH } from '../../i18n/messages.ts';
import type { Patient } from './types.ts';

const get = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api-client.ts', () => ({ api: { get, post } }));
const { PatientPicker } = await import('./components/patient-picker.tsx');

const doe: Patient = {
  No: 1,
  PatientID: 'P-1',
  PatientName: 'DOE^JANE',
  PatientSex: 'F',
  PatientBirthDate: '19700506',
  PatientComments: '',
  UpdatedAt: '2024-05-01T10:00:00.000Z',
};

function renderPicker() {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <IntlProvider locale="en" messages={ENGLISH}>
        <PatientPicker onChange={onChange} />
      </IntlProvider>
    </QueryClientProvider>,
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'Patient' }) };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('PatientPicker', () => {
  it('searches the ID or name as the user types, in the partial notation, and picks a match', async () => {
    get.mockResolvedValue({ Count: 1, Items: [doe], Limit: 8, Offset: 0, RequestedAt: '' });
    const { onChange, input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'doe' } });
    const option = await screen.findByRole('option', { name: /P-1 · DOE JANE/ });
    expect(get).toHaveBeenCalledWith('/patients/search', expect.objectContaining({ query: { Keyword: '**%doe%', limit: 8, offset: 0 } }));
    fireEvent.mouseDown(option);
    expect(onChange).toHaveBeenCalledWith(doe);
  });

  it('offers to create a patient when nothing matches, with the typed text as its ID', async () => {
    get.mockResolvedValue({ Count: 0, Items: [], Limit: 8, Offset: 0, RequestedAt: '' });
    const created = { ...doe, No: 2, PatientID: 'NEW-9', PatientName: 'ROE^RAY' };
    post.mockResolvedValue(created);
    const { onChange, input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'NEW-9' } });
    fireEvent.mouseDown(await screen.findByRole('button', { name: 'Create new patient "NEW-9"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add patient' });
    expect(within(dialog).getByLabelText('Patient ID')).toHaveProperty('value', 'NEW-9');
    fireEvent.change(within(dialog).getByLabelText('Patient Name'), { target: { value: 'ROE^RAY' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(created));
    expect(post).toHaveBeenCalledWith('/patients/addinformation', {
      form: { ID: 'NEW-9', Name: 'ROE^RAY', Sex: '', BirthDate: '', Comments: '' },
    });
  });
});
