/**
 * The report PDF renders for every caller: a role whose teleradiology kind hides PatientName gets
 * a report without that row, and values from the user's settings (language, border colour) that
 * name Object.prototype members are plain unknown values.
 */
import { describe, expect, it } from 'vitest';
import { defaultConfigs } from '@pacs/common';
import { missingFonts } from './text.ts';
import { renderReportPdf, type PdfBlockSettings, type ReportPdfInput } from './report-pdf.ts';

/** The default header or footer settings, with another border colour. */
function block(side: 'header' | 'footer', color: string): PdfBlockSettings {
  const settings = structuredClone(defaultConfigs().report.pdf[side]) as unknown as PdfBlockSettings;
  settings.border.color = color;
  return settings;
}

function input(overrides: Partial<ReportPdfInput> = {}): ReportPdfInput {
  return {
    lang: 'en',
    display: { dateFormat: 'YYYY-MM-DD', timeZone: 'UTC' },
    settings: { font_size: 90, header: block('header', 'grey'), footer: block('footer', 'grey') },
    layout: [{ key: 'findings', label: 'Findings', is_visible: true }],
    institution: { name: 'Clinic', address: '', email: '', phone: '', fax: '', website: '' },
    logos: {},
    study: {
      PatientName: 'Yamada^Tarou',
      PatientID: 'P1',
      PatientBirthDate: '19600101',
      PatientSex: 'M',
      StudyDate: '20240102',
      ModalitiesInStudy: ['CT'],
      StudyDescription: 'Chest',
      AccessionNumber: 'A1',
      ReferringPhysicianName: 'Dr^Who',
    },
    document: { Title: 'Report', Status: 'Final', DoctorName: 'Dr', UpdatedAt: '2024-01-02T00:00:00.000Z', fields: { findings: 'None' } },
    keyImages: [],
    ...overrides,
  };
}

describe.skipIf(missingFonts().length > 0)('renderReportPdf', () => {
  it('renders without the patient name row when the role may not see PatientName', async () => {
    const { PatientName: _hidden, ...study } = input().study;
    const pdf = await renderReportPdf(input({ study }));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('takes prototype member names from settings as unknown values', async () => {
    const pdf = await renderReportPdf(
      input({
        lang: 'constructor',
        settings: { font_size: 90, header: block('header', 'constructor'), footer: block('footer', '__proto__') },
      }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
