import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { defaultListToolbar, defaultViewerToolbar } from '@pacs/common';
import { ENGLISH, flatten } from './messages.ts';
import ja from './ja.json';
import { columnLabel, folderLabel } from './default-labels.ts';

const japanese = createIntl({ locale: 'ja', messages: { ...ENGLISH, ...flatten(ja) } });
const english = createIntl({ locale: 'en', messages: ENGLISH });

describe('default labels', () => {
  it("shows the configs' default column headings in the user's language", () => {
    expect(columnLabel(japanese, { key: 'PatientName', label: 'Patient Name' })).toBe('患者名');
    expect(columnLabel(japanese, { key: 'StudyDateTime', label: 'Study Date' })).toBe('検査日');
    expect(columnLabel(english, { key: 'PatientName', label: 'Patient Name' })).toBe('Patient Name');
  });

  it("keeps an administrator's own labels and unknown keys as written", () => {
    expect(columnLabel(japanese, { key: 'PatientName', label: 'Name (kanji)' })).toBe('Name (kanji)');
    expect(columnLabel(japanese, { key: 'Custom', label: 'Patient Name' })).toBe('Patient Name');
  });

  it('translates every default toolbar folder, and only those', () => {
    const folders = [...defaultListToolbar(), ...defaultViewerToolbar()].filter((item) => item.type === 'folder');
    expect(folders.length).toBeGreaterThanOrEqual(5);
    for (const folder of folders) expect(folderLabel(japanese, folder), folder.label).not.toBe(folder.label);
    expect(folderLabel(japanese, { label: 'My tools' })).toBe('My tools');
  });
});
