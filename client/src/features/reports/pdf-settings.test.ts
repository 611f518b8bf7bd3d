import { describe, expect, it } from 'vitest';
import { defaultConfigs, defaultSettings } from '@pacs/common';
import { effectivePdf, fromPdfForm, previewGrid, toPdfForm } from './pdf-settings.ts';

const configsPdf = defaultConfigs().report.pdf;

describe('report PDF settings form', () => {
  it("starts from the configs' header and footer until the user saved their own", () => {
    const settings = effectivePdf(defaultSettings().report.pdf, configsPdf);
    expect(settings.header).toEqual(configsPdf.header);
    expect(settings.paper_size).toBe('A4');
    const form = toPdfForm(settings);
    expect(form.header).toMatchObject({
      logoVisible: true,
      logoPosition: 'left',
      textVisible: true,
      textPosition: 'right',
      reversed: false,
      marginTop: '0',
      marginBottom: '10',
      borderTop: false,
      borderBottom: true,
      borderWidth: '1',
      borderStyle: 'solid',
      borderColor: 'grey',
    });
    expect(form.footer).toMatchObject({ logoVisible: false, textPosition: 'center', borderTop: true });
  });

  it("uses the user's own header and footer once saved", () => {
    const own = { ...configsPdf.header, is_reversed: true };
    const settings = effectivePdf({ ...defaultSettings().report.pdf, header: own, footer: configsPdf.footer }, configsPdf);
    expect(toPdfForm(settings).header.reversed).toBe(true);
  });

  it('maps the form back, keeping what the form does not edit', () => {
    const base = effectivePdf(defaultSettings().report.pdf, configsPdf);
    const form = toPdfForm(base);
    const saved = fromPdfForm(
      {
        ...form,
        paperSize: 'Letter',
        header: {
          ...form.header,
          logoPosition: 'center',
          reversed: true,
          marginTop: '20',
          borderTop: true,
          borderBottom: false,
          borderWidth: '3',
          borderStyle: 'double',
        },
      },
      base,
    );
    expect(saved.paper_size).toBe('Letter');
    expect(saved.signature).toEqual({ height: 30, width: 50 });
    expect(saved.header?.logo).toEqual({ ...configsPdf.header.logo, position: 'center' });
    expect(saved.header?.text.items).toEqual(configsPdf.header.text.items);
    expect(saved.header).toMatchObject({ is_reversed: true, margin_top: 20, margin_bottom: 10 });
    expect(saved.header?.border).toEqual({ position: ['top'], width: 3, style: 'double', color: 'grey' });
    expect(saved.footer).toEqual(configsPdf.footer);
  });

  it('keeps the old number when a number field is emptied', () => {
    const base = effectivePdf(undefined, configsPdf);
    const form = toPdfForm(base);
    expect(fromPdfForm({ ...form, header: { ...form.header, borderWidth: '' } }, base).header?.border.width).toBe(1);
  });

  it('previews the grid with the shared rule, mirrored for right-to-left', () => {
    const form = toPdfForm(effectivePdf(undefined, configsPdf)).header;
    expect(previewGrid(form, false)).toMatchObject({ columns: 2, rows: 1 });
    expect(previewGrid({ ...form, textPosition: 'left' }, false)).toMatchObject({ columns: 1, rows: 2 });
    expect(previewGrid({ ...form, logoPosition: 'center' }, false).columns).toBe(3);
    const rtl = previewGrid(form, true);
    expect(rtl.cells.find((cell) => cell.item === 'logo')).toMatchObject({ column: 1, align: 'right' });
  });
});
