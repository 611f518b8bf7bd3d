/**
 * The user's report PDF settings (settings report.pdf): paper, signature box, and a header and
 * footer each placing a logo and a text block (spec 2 §3 "Report PDF settings"). A user who never
 * saved a header or footer prints with the configs' report.pdf; saving stores the user's own copy,
 * which the PDF then uses. The form holds a flat shape; these functions map both ways and keep
 * the parts the form does not edit (logo size, text items, fonts).
 */
import {
  defaultConfigs,
  defaultSettings,
  REPORT_PDF_MARGINS,
  reportGrid,
  type Grid,
  type PdfBorderStyle,
  type ReportPdfBlock,
  type ReportPdfConfig,
  type UserSettings,
} from '@pacs/common';

export type Position = 'left' | 'center' | 'right';
export const POSITIONS: readonly Position[] = ['left', 'center', 'right'];
export const BORDER_STYLES: readonly PdfBorderStyle[] = ['solid', 'dashed', 'dotted', 'double'];
export const MARGINS = REPORT_PDF_MARGINS;
export const PAPER_SIZES = ['A4', 'Letter'] as const;
export const BLOCKS = ['header', 'footer'] as const;
export type BlockName = (typeof BLOCKS)[number];

/** What settings report.pdf holds once the user saved it. */
export type UserPdfSettings = UserSettings['report']['pdf'] & Partial<ReportPdfConfig>;

export interface BlockForm {
  logoVisible: boolean;
  logoPosition: Position;
  logoType: 'image' | 'text';
  logoText: string;
  textVisible: boolean;
  textPosition: Position;
  reversed: boolean;
  /** Select values are strings. */
  marginTop: string;
  marginBottom: string;
  borderTop: boolean;
  borderBottom: boolean;
  borderWidth: string;
  borderStyle: PdfBorderStyle;
  borderColor: string;
}

export interface PdfForm {
  paperSize: 'A4' | 'Letter';
  signatureVisible: boolean;
  header: BlockForm;
  footer: BlockForm;
}

function blockForm(block: ReportPdfBlock): BlockForm {
  return {
    logoVisible: block.is_visible.logo,
    logoPosition: block.logo.position,
    logoType: block.logo.type,
    logoText: block.logo.text,
    textVisible: block.is_visible.text,
    textPosition: block.text.position,
    reversed: block.is_reversed,
    marginTop: String(block.margin_top),
    marginBottom: String(block.margin_bottom),
    borderTop: block.border.position.includes('top'),
    borderBottom: block.border.position.includes('bottom'),
    borderWidth: String(block.border.width),
    borderStyle: block.border.style,
    borderColor: block.border.color,
  };
}

const number = (text: string, fallback: number) => {
  const value = Number(text);
  return Number.isFinite(value) && text.trim() !== '' ? value : fallback;
};

function blockFrom(form: BlockForm, base: ReportPdfBlock): ReportPdfBlock {
  return {
    ...base,
    is_visible: { logo: form.logoVisible, text: form.textVisible },
    logo: { ...base.logo, position: form.logoPosition, type: form.logoType, text: form.logoText },
    text: { ...base.text, position: form.textPosition },
    is_reversed: form.reversed,
    margin_top: number(form.marginTop, base.margin_top),
    margin_bottom: number(form.marginBottom, base.margin_bottom),
    border: {
      ...base.border,
      position: [...(form.borderTop ? (['top'] as const) : []), ...(form.borderBottom ? (['bottom'] as const) : [])],
      width: number(form.borderWidth, base.border.width),
      style: form.borderStyle,
      color: form.borderColor.trim() || base.border.color,
    },
  };
}

/** The settings the PDF prints with: the user's header and footer when saved, else the configs'. */
export function effectivePdf(user: Partial<UserPdfSettings> | undefined, configs: ReportPdfConfig | undefined): UserPdfSettings {
  const fallback = configs ?? defaultConfigs().report.pdf;
  const own = user?.header && user.footer;
  return {
    ...defaultSettings().report.pdf,
    ...user,
    font_size: user?.font_size ?? fallback.font_size,
    header: own ? user.header! : fallback.header,
    footer: own ? user.footer! : fallback.footer,
  };
}

export function toPdfForm(settings: UserPdfSettings): PdfForm {
  const fallback = defaultConfigs().report.pdf;
  return {
    paperSize: settings.paper_size,
    signatureVisible: settings.is_signature_visible,
    header: blockForm(settings.header ?? fallback.header),
    footer: blockForm(settings.footer ?? fallback.footer),
  };
}

export function fromPdfForm(form: PdfForm, base: UserPdfSettings): UserPdfSettings {
  const fallback = defaultConfigs().report.pdf;
  return {
    ...base,
    paper_size: form.paperSize,
    is_signature_visible: form.signatureVisible,
    header: blockFrom(form.header, base.header ?? fallback.header),
    footer: blockFrom(form.footer, base.footer ?? fallback.footer),
  };
}

/** The header or footer grid the preview draws (the same rule the PDF follows). */
export function previewGrid(form: BlockForm, rtl: boolean): Grid {
  return reportGrid({
    logo: { visible: form.logoVisible, position: form.logoPosition },
    text: { visible: form.textVisible, position: form.textPosition },
    reversed: form.reversed,
    rtl,
  });
}
