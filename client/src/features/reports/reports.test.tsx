// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH } from '../../i18n/messages.ts';
import { ReportSections } from './components/report-sections.tsx';
import { emptySections, sectionsFromLayout } from './sections.ts';

afterEach(cleanup);

describe('ReportSections', () => {
  it('renders the visible sections of the layout in order, translated unless renamed', () => {
    const sections = sectionsFromLayout([
      { key: 'impression', label: 'Impression', is_visible: true },
      { key: 'findings', label: 'Findings', is_visible: true },
      { key: 'comments', label: 'Comments', is_visible: false },
      { key: 'row_3', label: 'Technique', is_visible: true },
    ]);
    const onChange = vi.fn();
    render(
      <IntlProvider locale="en" messages={ENGLISH}>
        <ReportSections sections={sections} values={{ ...emptySections(), findings: 'Clear.' }} readOnly={false} onChange={onChange} />
      </IntlProvider>,
    );
    expect(screen.getAllByRole('textbox').map((box) => box.closest('[data-section]')?.getAttribute('data-section'))).toEqual([
      'impression',
      'findings',
      'row_3',
    ]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Findings').value).toBe('Clear.');
    expect(screen.queryByLabelText('Comments')).toBeNull();
    fireEvent.change(screen.getByLabelText('Technique'), { target: { value: 'Contrast' } });
    expect(onChange).toHaveBeenCalledWith('row_3', 'Contrast');
  });

  it('shows read-only text for an earlier document', () => {
    render(
      <IntlProvider locale="en" messages={ENGLISH}>
        <ReportSections sections={sectionsFromLayout(undefined)} values={emptySections()} readOnly onChange={() => undefined} />
      </IntlProvider>,
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>('Findings').readOnly).toBe(true);
  });
});
