/**
 * Per-user settings (spec 2 §3 "User settings sections"), stored per account by the server.
 * Defaults follow spec 2 §9.
 */
import { columns } from '../configs/columns.ts';
import { defaultListToolbar, defaultMwmToolbar, defaultReportToolbar, defaultViewerToolbar } from '../configs/toolbars.ts';
import type { ColumnSetting, MatchType, OrderBy, QuickSearch, SearchField, ToolbarItem, VisibleKey } from '../configs/types.ts';
import type { SharePerson, ShareSubjectShortcut, ShareWithShortcut } from '../shares.ts';
import type { AdvancedSearchValues } from '../study-advanced-search.ts';

/** The latest schema version; `migrations.ts` holds one step per older version. */
export const SETTINGS_VERSION = 5;

export const DEFAULT_LANG = 'en';

export type SearchShortcutKey = 'all' | 'today' | 'yesterday' | 'pastweek';
export type SearchBarPart = 'quick_search' | 'search_shortcut' | 'period_search';
export type OverlayPosition = 'tl' | 'tr' | 'bl' | 'br';
export type Interpolation = 'bilinear' | 'nearest_neighbor' | 'bicubic';
export type AnnotationStatus = 'show_all' | 'show_only_mine' | 'hide_all';
export type MouseTool = 'window_level' | 'zoom' | 'pan' | 'none';

export interface OverlayItem {
  /** DICOM attribute or computed value (zoom, window level, image position). */
  key: string;
  position: OverlayPosition;
  is_visible: boolean;
  /**
   * The modality these corners are for; missing or '' for every modality without corners of its
   * own (viewer-settings.ts `overlayFor`).
   */
  modality?: string;
}

export interface WindowLevelPreset {
  key: string;
  label: string;
  modality: string;
  /** Window width and centre. */
  ww: number;
  wc: number;
  /** Keyboard key that applies the preset; unique per modality. */
  keyboard: string;
}

/**
 * A hanging protocol (viewer-settings.ts): the grids a study of this modality (and body part)
 * opens with, which series come first, and for each cell the words its series' description holds.
 * The last three members came later; a stored item without them reads as '', 'series_number', [].
 */
export interface LayoutForModality {
  modality: string;
  series: string;
  image: string;
  /** BodyPartExamined of one of the study's series, case-insensitive; '' for any. */
  body_part?: string;
  /** Which series fill the cells first: list order (series number) or the most images first. */
  order?: 'series_number' | 'largest';
  /** Per cell, row by row: words a SeriesDescription must hold ('R CC'); '' takes the next series. */
  views?: string[];
  /**
   * How a view finds its series: `attributes` by the ImageLaterality (or Laterality) and
   * ViewPosition of the series' first instance, then by description for series without them;
   * `description` by SeriesDescription only. Absent: attributes.
   */
  view_match?: 'attributes' | 'description';
}

export interface KeyboardShortcut {
  key: string;
  shortcut: string;
}

/** A report template tree node: a folder (with items) or a template (with content). */
export interface ReportTemplate {
  key: string;
  type: 'folder' | 'template';
  label: string;
  is_collapsed?: boolean;
  items?: ReportTemplate[];
  findings?: string;
  impression?: string;
  comments?: string;
}

export interface UserSettings {
  version: number;
  /** Set when the server upgraded this tree from an older version: the release notes are due (spec 1 §2). */
  release_notes?: boolean;
  lang: string;
  list: {
    fields: { study: ColumnSetting[]; series: ColumnSetting[]; instance: ColumnSetting[]; csv: ColumnSetting[] };
    advanced_search: SearchField[];
    /** The advanced search dialog's last applied values, filled in when it opens again. */
    last_search: AdvancedSearchValues;
    quick_search: QuickSearch;
    search_shortcut: VisibleKey<SearchShortcutKey>[];
    /** Order and visibility of the search bar parts on list and worklist pages. */
    search_bar: VisibleKey<SearchBarPart>[];
    toolbar: ToolbarItem[];
    /** What opening a study row does. */
    default_action: string;
    share: {
      people: SharePerson[];
      /** Days. */
      expires_at: number;
      expires_at_shortcut: VisibleKey<number>[];
      share_with_shortcut: ShareWithShortcut[];
      subject_shortcut: ShareSubjectShortcut[];
    };
    csv: { has_header: boolean };
    /** Rows per request. */
    limit: number;
    page_size: number;
    concurrent_connections: number;
    auto_refresh: boolean;
    orderby: { study: OrderBy[]; series: OrderBy[]; instance: OrderBy[] };
  };
  viewer: {
    toolbar: ToolbarItem[];
    layout: { series: string; image: string; modality: LayoutForModality[] };
    overlay: OverlayItem[];
    window_level: WindowLevelPreset[];
    color: { annotation: string; active: string };
    font_size: number;
    thumbnailbar: { is_visible: boolean; position: 'left' | 'bottom'; double_click: 'replace' | 'add' };
    /** The study and series side panel (PC and tablet): open, or folded to its edge so the images grow. */
    study_panel: { is_open: boolean };
    keyboard_shortcuts: KeyboardShortcut[];
    annotation: { status: AnnotationStatus };
    history: { mode: 'modality' | 'series' };
    interpolation: Interpolation;
    sync: { scroll: boolean; window_level: boolean; zoom_pan: boolean };
    /** Frames per second, 1 to 60. */
    cine: { fps: number };
    /** Zoom in percent, size in pixels. */
    magnifier: { zoom: number; size: number };
    mouse: { left: MouseTool; middle: MouseTool; right: MouseTool };
    /** Percent presets, and the small and large steps of the zoom dialog. */
    zoom: { presets: number[]; step: number; large_step: number };
  };
  report: {
    toolbar: ToolbarItem[];
    template: ReportTemplate[];
    pdf: {
      paper_size: 'A4' | 'Letter';
      is_signature_visible: boolean;
      /** Signature box in millimetres. */
      signature: { height: number; width: number };
    };
  };
  mwm: {
    toolbar: ToolbarItem[];
    /** Show the site's columns, page size and order (configs mwm) rather than the ones below. */
    use_site_layout: boolean;
    fields: { study: ColumnSetting[] };
    search: SearchField[];
    orderby: OrderBy[];
    limit: number;
  };
  [key: string]: unknown;
}

function searchField(key: string, type: MatchType = 'partial', isVisible = true): SearchField {
  return { key, type, is_visible: isVisible };
}

function ctPreset(key: string, label: string, ww: number, wc: number, keyboard: string): WindowLevelPreset {
  return { key, label, modality: 'CT', ww, wc, keyboard };
}

function overlay(position: OverlayPosition, keys: string[]): OverlayItem[] {
  return keys.map((key) => ({ key, position, is_visible: true }));
}

/** A fresh defaults tree: callers may modify it freely. */
export function defaultSettings(lang: string = DEFAULT_LANG): UserSettings {
  return {
    version: SETTINGS_VERSION,
    lang,
    list: {
      fields: {
        study: columns(
          [
            'IsFavorite',
            'IsShared',
            'Priority',
            'ReadingStatus',
            'AssignedTo',
            'ReportStatus',
            'PatientID',
            'PatientName',
            'PatientBirthDate',
            'PatientAge',
            'PatientSex',
            'ModalitiesInStudy',
            'BodyPartsInStudy',
            'StudyDateTime',
            'StudyDescription',
            // The order a study was performed for; shown only to worklist users on premises.
            'WorklistEntry',
            'StudyID',
            'NumberOfStudyRelatedSeries',
            'NumberOfStudyRelatedInstances',
            'AccessionNumber',
            'Institution',
            'InstitutionName',
            'ReferringPhysicianName',
            'PerformingPhysicianName',
            'AETitle',
            'Note',
            'CTDIvols',
            'TotalDLP',
            'UpdatedAt',
          ],
          // Shown by default: what fits 1280 px beside the sidebar (favourite, shared, report
          // status, patient, modality, date, description); the rest is a setting away.
          [
            'AssignedTo',
            'PatientBirthDate',
            'BodyPartsInStudy',
            'StudyID',
            'NumberOfStudyRelatedSeries',
            'NumberOfStudyRelatedInstances',
            'AccessionNumber',
            'Institution',
            'InstitutionName',
            'ReferringPhysicianName',
            'PerformingPhysicianName',
            'AETitle',
            'Note',
            'CTDIvols',
            'TotalDLP',
            'UpdatedAt',
          ],
        ),
        series: columns(
          [
            'SeriesNumber',
            'Modality',
            'SeriesDescription',
            'BodyPartExamined',
            'SeriesDateTime',
            'NumberOfSeriesRelatedInstances',
            'CTDIvol',
            'DLP',
            'UpdatedAt',
          ],
          ['CTDIvol', 'DLP', 'UpdatedAt'],
        ),
        instance: columns(['InstanceNumber', 'NumberOfFrames', 'FileSize', 'SOPInstanceUID'], ['SOPInstanceUID']),
        csv: columns([
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
          'NumberOfStudyRelatedSeries',
          'NumberOfStudyRelatedInstances',
          'Institution',
          'ReferringPhysicianName',
          'ReportStatus',
        ]),
      },
      advanced_search: [
        searchField('PatientID', 'perfect'),
        searchField('PatientName'),
        searchField('PatientBirthDate', 'perfect'),
        searchField('PatientSex', 'perfect'),
        searchField('ModalitiesInStudy', 'perfect'),
        searchField('BodyPartsInStudy', 'perfect'),
        searchField('StudyDate', 'perfect'),
        searchField('StudyDescription'),
        searchField('AccessionNumber', 'perfect'),
        searchField('InstitutionName', 'partial', false),
        searchField('ReferringPhysicianName', 'partial', false),
        searchField('PerformingPhysicianName', 'partial', false),
        searchField('AETitle', 'perfect', false),
        searchField('ReportStatus', 'perfect', false),
        // Every other column the index searches (common study-advanced-search.ts), off by default.
        searchField('StudyID', 'perfect', false),
        searchField('PatientComments', 'partial', false),
        searchField('Note', 'partial', false),
      ],
      last_search: {},
      quick_search: { key: 'PatientID', type: 'partial' },
      search_shortcut: (['all', 'today', 'yesterday', 'pastweek'] as const).map((key) => ({ key, is_visible: true })),
      search_bar: (['quick_search', 'search_shortcut', 'period_search'] as const).map((key) => ({
        key,
        is_visible: true,
      })),
      toolbar: defaultListToolbar(),
      default_action: 'viewer',
      share: {
        people: [],
        expires_at: 7,
        expires_at_shortcut: [7, 14, 30].map((key) => ({ key, is_visible: true })),
        share_with_shortcut: [],
        subject_shortcut: [],
      },
      csv: { has_header: true },
      limit: 100,
      page_size: 15,
      concurrent_connections: 5,
      auto_refresh: true,
      orderby: {
        study: [{ key: 'StudyDateTime', desc: true }],
        series: [{ key: 'SeriesNumber', desc: false }],
        instance: [{ key: 'InstanceNumber', desc: false }],
      },
    },
    viewer: {
      toolbar: defaultViewerToolbar(),
      // Hanging protocols a reader expects out of the box (issue 21): a CT on its largest series
      // alone, a mammogram's four standard views in a 2x2 grid.
      layout: {
        series: '2x2',
        image: '1x1',
        modality: [
          { modality: 'CT', series: '1x1', image: '1x1', body_part: '', order: 'largest', views: [] },
          {
            modality: 'MG',
            series: '2x2',
            image: '1x1',
            body_part: '',
            order: 'series_number',
            views: ['R CC', 'L CC', 'R MLO', 'L MLO'],
            view_match: 'attributes',
          },
        ],
      },
      overlay: [
        ...overlay('tl', ['PatientName', 'PatientID', 'PatientBirthDate', 'PatientSex']),
        ...overlay('tr', ['InstitutionName', 'StudyDescription', 'StudyDate', 'StudyTime']),
        ...overlay('bl', ['SeriesNumber', 'InstanceNumber', 'SliceThickness', 'SliceLocation']),
        ...overlay('br', ['Zoom', 'WindowLevel', 'Modality']),
      ],
      window_level: [
        ctPreset('abdomen', 'Abdomen', 350, 50, '1'),
        ctPreset('bone', 'Bone', 1800, 500, '2'),
        ctPreset('brain', 'Brain', 80, 30, '3'),
        ctPreset('lungs', 'Lungs', 1500, -550, '4'),
        ctPreset('mediastinum', 'Mediastinum', 350, 30, '5'),
      ],
      color: { annotation: '#00ff00', active: '#ff3333' },
      font_size: 13,
      thumbnailbar: { is_visible: true, position: 'left', double_click: 'replace' },
      study_panel: { is_open: true },
      keyboard_shortcuts: [
        { key: 'next_image', shortcut: 'ArrowDown' },
        { key: 'previous_image', shortcut: 'ArrowUp' },
        { key: 'next_series', shortcut: 'ArrowRight' },
        { key: 'previous_series', shortcut: 'ArrowLeft' },
        { key: 'window_level', shortcut: 'W' },
        { key: 'pan', shortcut: 'P' },
        { key: 'zoom', shortcut: 'Z' },
        { key: 'reset', shortcut: 'Escape' },
      ],
      annotation: { status: 'show_all' },
      history: { mode: 'modality' },
      interpolation: 'bilinear',
      sync: { scroll: true, window_level: false, zoom_pan: false },
      cine: { fps: 5 },
      magnifier: { zoom: 200, size: 300 },
      mouse: { left: 'window_level', middle: 'zoom', right: 'pan' },
      zoom: { presets: [25, 50, 100, 150, 200, 400, 800], step: 1, large_step: 10 },
    },
    report: {
      toolbar: defaultReportToolbar(),
      template: [],
      pdf: { paper_size: 'A4', is_signature_visible: true, signature: { height: 30, width: 50 } },
    },
    mwm: {
      toolbar: defaultMwmToolbar(),
      use_site_layout: true,
      fields: {
        study: columns([
          'Status',
          'PatientID',
          'PatientName',
          'PatientBirthDate',
          'PatientSex',
          'Modality',
          'StudyDateTime',
          'AccessionNumber',
          'StudyDescription',
          'ReferringPhysicianName',
          'UpdatedAt',
        ]),
      },
      search: [
        searchField('PatientID', 'perfect'),
        searchField('PatientName'),
        searchField('Modality', 'perfect'),
        searchField('AccessionNumber', 'perfect'),
        searchField('Status', 'perfect'),
        searchField('ReferringPhysicianName', 'partial', false),
      ],
      orderby: [{ key: 'UpdatedAt', desc: true }],
      limit: 100,
    },
  };
}
