/**
 * The application-wide configs (spec 2 §3 "Application configs"): one JSON tree stored by the
 * server, read by every client, edited by admins. Defaults follow spec 2 §9.
 */
import { PRODUCT_VERSION } from '../product.ts';
import { columns, commandColumns } from './columns.ts';
import { defaultGuestListToolbar, defaultGuestReportToolbar, defaultGuestViewerToolbar } from './toolbars.ts';
import type { ColumnSetting, OrderBy, QuickSearch, ToolbarItem, VisibleKey } from './types.ts';

export const DATE_FORMATS = ['YYYY-MM-DD', 'MM-DD-YYYY', 'DD-MM-YYYY', 'YYYY/MM/DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export type FirstDayOfWeek = 'monday' | 'sunday';
export type UnitOfLength = 'mm' | 'inch';
/** How Japanese patient names are shown: the kana, kanji or romaji component group. */
export type JapaneseNameForm = 'kana' | 'kanji' | 'alphabet';

export interface AnonymizationItem {
  key: string;
  label: string;
  is_enabled: boolean;
}

export interface ModalityItem {
  key: string;
  is_visible: boolean;
}

export interface ReportLayoutItem {
  key: string;
  label: string;
  is_visible: boolean;
}

export type PdfHorizontalAlignment = 'left' | 'center' | 'right';
export type PdfVerticalAlignment = 'top' | 'middle' | 'bottom';
export type PdfBorderStyle = 'solid' | 'dashed' | 'dotted' | 'double';
export type PdfSide = 'top' | 'bottom';

/** Header or footer of a report PDF (spec 2 §3 "Report PDF settings"). */
export interface ReportPdfBlock {
  is_visible: { logo: boolean; text: boolean };
  logo: {
    position: 'left' | 'center' | 'right';
    type: 'image' | 'text';
    image_width: number;
    image_height: number;
    text: string;
    text_font_size: number;
    text_font_weight: 'normal' | 'bold';
    alignment_h: PdfHorizontalAlignment;
    alignment_v: PdfVerticalAlignment;
  };
  text: {
    position: 'left' | 'center' | 'right';
    /** Institution details printed, in order: name, address, email, phone, fax, website. */
    items: VisibleKey[];
    font_size: number;
    font_weight: 'normal' | 'bold';
    alignment: PdfHorizontalAlignment;
  };
  is_reversed: boolean;
  margin_top: number;
  margin_bottom: number;
  /** A double border is advised only from 3 px (spec 2 §9). */
  border: { position: PdfSide[]; width: number; style: PdfBorderStyle; color: string };
}

export interface ReportPdfConfig {
  /** Percent of the base font size. */
  font_size: number;
  header: ReportPdfBlock;
  footer: ReportPdfBlock;
}

export interface GuestToolbars {
  list: { toolbar: ToolbarItem[] };
  viewer: { toolbar: ToolbarItem[] };
  report: { toolbar: ToolbarItem[] };
}

export interface Configs {
  /** Four-part product version the tree was written with. */
  version: string;
  anonymization: AnonymizationItem[];
  /** Empty until an admin answers the time zone prompt. */
  country: string;
  /** One of DATE_FORMATS; older trees may hold lower-case variants until migrated. */
  date_format: string;
  first_day_of_week: FirstDayOfWeek;
  header_logo: { no_text: boolean; text: string };
  is_invisible_import_sample: boolean;
  is_visible_anonymization_option: boolean;
  lang: string;
  modality: { is_collapsed: boolean; items: ModalityItem[] };
  mwm: {
    fields: { study: ColumnSetting[] };
    is_patient_imported: boolean;
    limit: number;
    orderby: OrderBy[];
    quick_search: QuickSearch;
  };
  patient_name: { ja: JapaneseNameForm; is_replace_space_with_caret: boolean };
  recycle_bin: { fields: { study: ColumnSetting[]; series: ColumnSetting[] } };
  report: {
    fields: { study: ColumnSetting[]; series: ColumnSetting[] };
    layout: ReportLayoutItem[];
    pdf: ReportPdfConfig;
  };
  share: {
    fields: { study: ColumnSetting[]; patient: ColumnSetting[] };
    guest: GuestToolbars;
  };
  statistics: {
    /** Months shown by the period charts. */
    period: number;
    unit: 'day' | 'month' | 'year';
    charts: VisibleKey[];
  };
  /** IANA zone name; empty until an admin answers the time zone prompt. */
  time_zone: string;
  unit_of_length: UnitOfLength;
  [key: string]: unknown;
}

export const ANONYMIZATION_KEYS = [
  ['PatientID', 'Patient ID'],
  ['PatientName', 'Patient Name'],
  ['PatientBirthDate', 'Patient Birth Date'],
  ['PatientAge', 'Patient Age'],
  ['PatientSex', 'Patient Sex'],
  ['AccessionNumber', 'Accession Number'],
  ['StudyID', 'Study ID'],
  ['StudyDescription', 'Study Description'],
  ['Overlay', 'Overlay'],
] as const;

export const VISIBLE_MODALITIES = ['CR', 'CT', 'ES', 'MR', 'OT', 'RF', 'US'] as const;
export const HIDDEN_MODALITIES = ['DX', 'MG', 'NM', 'PT', 'RG', 'RT', 'SC', 'XA', 'XC'] as const;

/** Margin choices of report headers and footers, in points. */
export const REPORT_PDF_MARGINS = [0, 10, 20] as const;

export function defaultModalityItems(): ModalityItem[] {
  return [...VISIBLE_MODALITIES.map((key) => ({ key, is_visible: true })), ...HIDDEN_MODALITIES.map((key) => ({ key, is_visible: false }))];
}

/** Recycle-bin study columns; DeleteAt at index 3, FileSize at 4 and Institution last (see migrations). */
export function defaultRecycleBinStudyColumns(): ColumnSetting[] {
  return columns([
    'PatientID',
    'PatientName',
    'StudyDateTime',
    'DeleteAt',
    'FileSize',
    'ModalitiesInStudy',
    'StudyDescription',
    'AccessionNumber',
    'Institution',
  ]);
}

function pdfBlock(side: 'header' | 'footer'): ReportPdfBlock {
  const isHeader = side === 'header';
  return {
    is_visible: { logo: isHeader, text: true },
    logo: {
      position: 'left',
      type: 'image',
      image_width: 120,
      image_height: 40,
      text: '',
      text_font_size: 16,
      text_font_weight: 'bold',
      alignment_h: 'left',
      alignment_v: 'middle',
    },
    text: {
      position: isHeader ? 'right' : 'center',
      items: ['name', 'address', 'email', 'phone', 'fax', 'website'].map((key) => ({
        key,
        is_visible: isHeader ? key !== 'fax' && key !== 'website' : key === 'name',
      })),
      font_size: 10,
      font_weight: 'normal',
      alignment: isHeader ? 'right' : 'center',
    },
    is_reversed: false,
    margin_top: isHeader ? 0 : 10,
    margin_bottom: isHeader ? 10 : 0,
    border: { position: [isHeader ? 'bottom' : 'top'], width: 1, style: 'solid', color: 'grey' },
  };
}

/** A fresh defaults tree: callers may modify it freely. */
export function defaultConfigs(): Configs {
  return {
    version: PRODUCT_VERSION,
    anonymization: ANONYMIZATION_KEYS.map(([key, label]) => ({ key, label, is_enabled: true })),
    country: '',
    date_format: 'YYYY-MM-DD',
    first_day_of_week: 'monday',
    header_logo: { no_text: false, text: '' },
    is_invisible_import_sample: false,
    is_visible_anonymization_option: true,
    lang: 'en',
    modality: { is_collapsed: false, items: defaultModalityItems() },
    mwm: {
      fields: {
        study: columns(
          [
            'Status',
            'PatientID',
            'PatientName',
            'PatientBirthDate',
            'PatientAge',
            'PatientSex',
            'Modality',
            'StudyDateTime',
            'AccessionNumber',
            'StudyDescription',
            'ReferringPhysicianName',
            'PerformingPhysicianName',
            'UpdatedAt',
          ],
          ['PatientAge', 'PerformingPhysicianName'],
        ),
      },
      is_patient_imported: false,
      limit: 100,
      orderby: [{ key: 'UpdatedAt', desc: true }],
      quick_search: { key: 'PatientID', type: 'partial' },
    },
    patient_name: { ja: 'kana', is_replace_space_with_caret: true },
    recycle_bin: {
      fields: {
        study: defaultRecycleBinStudyColumns(),
        series: columns([
          'SeriesNumber',
          'Modality',
          'SeriesDescription',
          'BodyPartExamined',
          'SeriesDateTime',
          'NumberOfSeriesRelatedInstances',
          'FileSize',
        ]),
      },
    },
    report: {
      fields: {
        study: columns(
          [
            'PatientID',
            'PatientName',
            'PatientBirthDate',
            'PatientAge',
            'PatientSex',
            'StudyDateTime',
            'ModalitiesInStudy',
            'BodyPartsInStudy',
            'StudyDescription',
            'AccessionNumber',
            'Institution',
            'ReferringPhysicianName',
            'PerformingPhysicianName',
          ],
          ['PerformingPhysicianName'],
        ),
        series: columns(['SeriesNumber', 'Modality', 'SeriesDescription', 'BodyPartExamined', 'SeriesDateTime']),
      },
      layout: [
        { key: 'findings', label: 'Findings', is_visible: true },
        { key: 'impression', label: 'Impression', is_visible: true },
        { key: 'comments', label: 'Comments', is_visible: true },
        ...[1, 2, 3, 4, 5, 6, 7].map((no) => ({ key: `row_${no}`, label: `Row ${no}`, is_visible: false })),
      ],
      pdf: { font_size: 90, header: pdfBlock('header'), footer: pdfBlock('footer') },
    },
    share: {
      // The command cells come first so that info, edit and stop stay in view however many
      // data columns an administrator adds.
      fields: {
        study: [
          ...commandColumns(),
          ...columns(
            [
              'PatientID',
              'PatientName',
              'PatientBirthDate',
              'PatientAge',
              'PatientSex',
              'StudyDateTime',
              'ModalitiesInStudy',
              'BodyPartsInStudy',
              'StudyDescription',
              'NumberOfStudyRelatedSeries',
              'NumberOfStudyRelatedInstances',
              'SharedBy',
              'SharedWith',
              'ExpiresAt',
            ],
            ['PatientAge', 'BodyPartsInStudy', 'NumberOfStudyRelatedSeries'],
          ),
        ],
        patient: [
          ...commandColumns(),
          ...columns(['PatientID', 'PatientName', 'PatientBirthDate', 'PatientSex', 'Modality', 'SharedBy', 'SharedWith', 'ExpiresAt']),
        ],
      },
      guest: {
        list: { toolbar: defaultGuestListToolbar() },
        viewer: { toolbar: defaultGuestViewerToolbar() },
        report: { toolbar: defaultGuestReportToolbar() },
      },
    },
    statistics: {
      period: 6,
      unit: 'month',
      charts: ['amount_of_data', 'number_of_web_connection', 'number_of_share', 'number_of_study'].map((key) => ({
        key,
        is_visible: true,
      })),
    },
    time_zone: '',
    unit_of_length: 'mm',
  };
}
