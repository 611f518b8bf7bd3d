import { describe, expect, it } from 'vitest';
import { defaultConfigs } from '@pacs/common';
import { applyTemplate, emptySections, insertAt, payloadFromValues, sectionsFromLayout, valuesFromDocument } from './sections.ts';
import type { ReportDocument } from './types.ts';

const document = (patch: Partial<ReportDocument> = {}): ReportDocument => ({
  Id: 7,
  Report: 1,
  Account: 'admin',
  DoctorName: 'Admin',
  Title: 'CT chest',
  Findings: 'No nodules.',
  Impression: 'Normal.',
  Comments: '',
  Row_1: 'one',
  Row_2: '',
  Row_3: '',
  Row_4: '',
  Row_5: '',
  Row_6: '',
  Row_7: '',
  Status: 'Final',
  UpdatedAt: '2026-01-02T03:04:05Z',
  is_last: true,
  label: 'Final',
  ...patch,
});

describe('sectionsFromLayout', () => {
  it('shows the default layout: findings, impression and comments, with translated labels', () => {
    expect(sectionsFromLayout(defaultConfigs().report.layout)).toEqual([
      { key: 'findings', label: null },
      { key: 'impression', label: null },
      { key: 'comments', label: null },
    ]);
  });

  it('follows the layout order and visibility, keeps renamed labels and skips unknown keys', () => {
    const sections = sectionsFromLayout([
      { key: 'row_2', label: 'Technique', is_visible: true },
      { key: 'findings', label: 'Findings', is_visible: true },
      { key: 'impression', label: 'Impression', is_visible: false },
      { key: 'summary', label: 'Summary', is_visible: true },
      { key: 'row_2', label: 'Again', is_visible: true },
    ]);
    expect(sections).toEqual([
      { key: 'row_2', label: 'Technique' },
      { key: 'findings', label: null },
    ]);
  });

  it('falls back to the three main sections without a layout', () => {
    expect(sectionsFromLayout(undefined).map((section) => section.key)).toEqual(['findings', 'impression', 'comments']);
  });
});

describe('document values', () => {
  it('reads a document into the editor and back into the save form, hidden rows included', () => {
    const values = valuesFromDocument(document());
    expect(values.title).toBe('CT chest');
    expect(values.status).toBe('Final');
    expect(values.sections.findings).toBe('No nodules.');
    expect(values.sections.row_1).toBe('one');
    expect(payloadFromValues({ ...values, title: '  CT chest ' }, [3, 1])).toMatchObject({
      status: 'Final',
      title: 'CT chest',
      findings: 'No nodules.',
      row_1: 'one',
      row_7: '',
      images: [3, 1],
    });
  });

  it('edits a deleted document as a draft', () => {
    expect(valuesFromDocument(document({ Status: 'Deleted' })).status).toBe('Draft');
  });
});

describe('templates into sections', () => {
  it('inserts at the caret on its own line', () => {
    expect(insertAt('ab', 'X', 1)).toBe('a\nX\nb');
    expect(insertAt('', 'X')).toBe('X');
    expect(insertAt('a\n', 'X')).toBe('a\nX');
  });

  it('puts each section of a template into its section, the focused one at the caret', () => {
    const sections = { ...emptySections(), findings: 'Start end', impression: 'Old' };
    const next = applyTemplate(
      sections,
      { key: '2', type: 'template', label: 'Normal', findings: 'Lungs clear.', impression: 'Normal study.' },
      { key: 'findings', caret: 5 },
      ['findings', 'impression', 'comments'],
    );
    expect(next.findings).toBe('Start\nLungs clear.\n end');
    expect(next.impression).toBe('Old\nNormal study.');
    expect(next.comments).toBe('');
  });

  it('puts the whole template into a focused extra row, and into the first section without a focus', () => {
    const template = { key: '2', type: 'template' as const, label: 'Normal', findings: 'A', comments: 'C' };
    expect(applyTemplate(emptySections(), template, { key: 'row_1', caret: 0 }, ['findings', 'row_1']).row_1).toBe('A\n\nC');
    expect(applyTemplate(emptySections(), template, null, ['findings', 'comments'])).toMatchObject({ findings: 'A', comments: 'C' });
  });
});
