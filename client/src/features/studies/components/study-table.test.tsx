// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntlProvider } from 'react-intl';
import { defaultSettings, type ColumnSetting } from '@pacs/common';
import { ENGLISH } from '../../../i18n/messages.ts';
import { hiddenStudyColumns, visibleColumns } from '../columns.ts';
import { StudyListStore } from '../study-list-store.ts';
import type { StudyItem } from '../types.ts';
import { StudyTable } from './study-table.tsx';

function item(uid: string, name: string): StudyItem {
  return {
    StudyInstanceUID: uid,
    StudyDate: '20240131',
    StudyTime: '093015',
    StudyDateTime: '2024-01-31T09:30:15',
    UpdatedAt: '2024-01-31T00:00:00Z',
    IsFavorite: uid === 'b',
    IsShared: false,
    ReportStatus: 'Empty',
    PatientID: `ID-${uid}`,
    PatientName: name,
    PatientBirthDate: '19700102',
    PatientAge: '054Y',
    PatientSex: 'M',
    PatientComments: '',
    ModalitiesInStudy: ['CT', 'SR'],
    BodyPartsInStudy: [],
    StudyDescription: 'Chest',
    StudyID: '1',
    NumberOfStudyRelatedSeries: 2,
    NumberOfStudyRelatedInstances: 40,
    AccessionNumber: 'ACC1',
    Institution: null,
    InstitutionName: '',
    ReferringPhysicianName: '',
    PerformingPhysicianName: '',
    AETitle: 'MODALITY1',
    Note: 'check',
    FileSize: 1024 * 1024,
    CTDIvols: [],
    TotalDLP: null,
  };
}

async function renderTable(studyColumns: ColumnSetting[], canEditNote = true) {
  const fetchPage = vi.fn(() =>
    Promise.resolve({
      Count: 2,
      Items: [item('a', 'Yamada^Tarou=山田^太郎=やまだ^たろう'), item('b', 'Doe^Jane')],
      Limit: 100,
      Offset: 0,
      RequestedAt: '',
    }),
  );
  const store = new StudyListStore(
    { fetchPage, fetchSeries: vi.fn(() => Promise.resolve([])), fetchInstances: vi.fn(), updateStudy: vi.fn(), onError: vi.fn() },
    { limit: 100 },
  );
  await store.search();
  const onOpen = vi.fn();
  const onEditNote = vi.fn();
  render(
    <IntlProvider locale="en" messages={ENGLISH}>
      <StudyTable
        store={store}
        columns={{ study: studyColumns, series: visibleColumns(defaultSettings().list.fields.series), instance: [] }}
        context={{ dateFormat: 'DD/MM/YYYY' }}
        canEditNote={canEditNote}
        onOpen={onOpen}
        onEditNote={onEditNote}
      />
    </IntlProvider>,
  );
  return { store, onOpen, onEditNote };
}

describe('StudyTable', () => {
  afterEach(cleanup);

  it('renders the visible columns of the settings in their order and widths', async () => {
    const fields = defaultSettings().list.fields.study;
    const columns = visibleColumns(fields, hiddenStudyColumns('on_premises', null));
    await renderTable(columns);
    const headers = screen.getAllByRole('columnheader').map((th) => th.getAttribute('aria-label') || th.textContent);
    expect(headers.slice(1)).toEqual(columns.map((column) => column.label));
    expect(headers).not.toContain('Priority');
    expect(headers).not.toContain('Study ID');
    const cols = document.querySelectorAll('table.level-study col');
    expect((cols[2] as HTMLElement).style.width).toBe(`${columns[0]?.width}px`);
  });

  it("formats cells and shows the name in the site's form (kana by default), every group in its tooltip", async () => {
    const pick = (keys: string[]) => defaultSettings().list.fields.study.filter((field) => keys.includes(field.key));
    await renderTable(pick(['PatientName', 'StudyDateTime', 'ModalitiesInStudy', 'PatientBirthDate']));
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('やまだ たろう');
    expect(within(row).getByText('やまだ たろう').closest('td')?.getAttribute('title')).toBe('Yamada Tarou = 山田 太郎 = やまだ たろう');
    expect(cells).toContain('02/01/1970');
    expect(cells).toContain('CT, SR');
    expect(cells).toContain('31/01/2024 09:30:15');
  });

  it('selects on click, toggles with ctrl, opens on double click', async () => {
    const pick = defaultSettings().list.fields.study.filter((field) => field.key === 'PatientID');
    const { store, onOpen } = await renderTable(pick);
    const rows = screen.getAllByRole('row').slice(1);
    fireEvent.click(rows[0] as HTMLElement);
    fireEvent.click(screen.getAllByRole('row').find((row) => row.textContent?.includes('ID-b')) as HTMLElement, { ctrlKey: true });
    expect(store.rows.map((row) => row.is_selected)).toEqual([true, true]);
    fireEvent.doubleClick(screen.getAllByRole('row').find((row) => row.textContent?.includes('ID-b')) as HTMLElement);
    expect(onOpen).toHaveBeenCalledWith(store.rows[1]);
  });

  it('shows the favourite star state and hides note editing without list_note', async () => {
    const pick = defaultSettings().list.fields.study.filter((field) => ['IsFavorite', 'Note'].includes(field.key));
    await renderTable(pick, false);
    expect(screen.getAllByRole('button', { name: 'Add to favorites' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Remove from favorites' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Edit note' })).toBeNull();
    expect(screen.getAllByText('check')).toHaveLength(2);
  });
});
