/**
 * Toolbar items and the default toolbars of each page (spec 2 §2, §3). Users own their list,
 * viewer, report and worklist toolbars (user settings `{page}.toolbar`); share guests use the
 * app-wide ones in configs `share.guest.{page}.toolbar`.
 */
import type { ToolbarItem, ToolbarItemType, ToolbarPosition } from './types.ts';

/** Label and icon name of every toolbar entry that is not a user folder. */
const CATALOGUE = {
  // List page.
  viewer: ['Viewer', 'viewer'],
  report: ['Report', 'report'],
  add: ['Add', 'plus'],
  edit: ['Edit', 'pencil'],
  note: ['Note', 'note'],
  delete: ['Delete', 'trash'],
  share: ['Share', 'share'],
  export: ['Export', 'download'],
  import: ['Import', 'upload'],
  import_sample: ['Import Sample', 'upload'],
  forward: ['Forward', 'send'],
  csv: ['CSV', 'table'],
  assign: ['Assign', 'user-check'],
  unassign: ['Unassign', 'user-x'],
  order: ['Order', 'clipboard'],
  search: ['Search', 'search'],
  refresh: ['Refresh', 'refresh'],
  // Viewer page.
  grid: ['Series Layout', 'grid'],
  grid_image: ['Image Layout', 'grid-image'],
  sync: ['Sync', 'link'],
  comparison: ['Comparison', 'columns'],
  window_level: ['Window Level', 'contrast'],
  window_level_presets: ['Window Level Presets', 'contrast-list'],
  pan: ['Pan', 'move'],
  zoom: ['Zoom', 'zoom'],
  rotate: ['Rotate', 'rotate'],
  flip_horizontal: ['Flip Horizontal', 'flip-horizontal'],
  flip_vertical: ['Flip Vertical', 'flip-vertical'],
  reset: ['Reset', 'reset'],
  cine: ['Cine', 'play'],
  cine_range: ['Cine Range', 'range'],
  magnifier: ['Magnifier', 'magnifier'],
  pixel_value: ['Pixel Value', 'crosshair'],
  mpr: ['MPR', 'cube'],
  length: ['Length', 'ruler'],
  angle: ['Angle', 'angle'],
  rectangle: ['Rectangle', 'square'],
  ellipse: ['Ellipse', 'circle'],
  arrow: ['Arrow', 'arrow'],
  text: ['Text', 'type'],
  vhs: ['VHS', 'heart'],
  annotation_save: ['Save Annotations', 'save'],
  capture: ['Capture', 'camera'],
  key_image: ['Key Image', 'star'],
  dicom_header: ['DICOM Header', 'tags'],
  overlay: ['Overlay', 'layers'],
  annotation_display: ['Annotation Display', 'eye'],
  pseudo_color: ['Pseudo Color', 'palette'],
  // Report page.
  save: ['Save', 'save'],
  pdf: ['PDF', 'file-pdf'],
  template: ['Template', 'template'],
  layout: ['Layout', 'layout'],
} as const satisfies Record<string, readonly [string, string]>;

export type ToolbarFeatureKey = keyof typeof CATALOGUE;

/** A catalogue entry; `type` other than feature is for built-in widgets (grids, presets, toggles). */
export function feature(
  key: ToolbarFeatureKey,
  options: { position?: ToolbarPosition; isVisible?: boolean; type?: ToolbarItemType } = {},
): ToolbarItem {
  const [label, icon] = CATALOGUE[key];
  return {
    key,
    type: options.type ?? 'feature',
    icon,
    label,
    position: options.position ?? 'left',
    is_visible: options.isVisible ?? true,
  };
}

/** Names of the folders in the default toolbars (shown translated while unchanged). */
export const DEFAULT_FOLDER_LABELS = ['Edit', 'Teleradiology', 'Transform', 'Annotation', 'Display'] as const;

/** A user folder: numeric key, a name of at most 50 characters, child items. */
export function folder(no: number, label: string, items: ToolbarItem[], position: ToolbarPosition = 'left'): ToolbarItem {
  return { key: String(no), type: 'folder', label, position, is_visible: true, is_collapsed: true, items };
}

/** Dividers are told apart by position in the list; their key only has to be unique. */
export function divider(no: number, position: ToolbarPosition = 'left'): ToolbarItem {
  return { key: `divider_${no}`, type: 'divider', label: '', position, is_visible: true };
}

export function defaultListToolbar(): ToolbarItem[] {
  return [
    feature('viewer'),
    feature('report'),
    divider(1),
    feature('share'),
    feature('export'),
    feature('import'),
    feature('forward'),
    feature('csv'),
    folder(1, 'Edit', [feature('add'), feature('edit'), feature('note'), feature('delete')]),
    folder(2, 'Teleradiology', [feature('assign'), feature('unassign'), feature('order')]),
    feature('search', { position: 'right' }),
    feature('refresh', { position: 'right' }),
  ];
}

export function defaultViewerToolbar(): ToolbarItem[] {
  return [
    feature('grid', { type: 'component' }),
    feature('grid_image', { type: 'component' }),
    divider(1),
    feature('window_level'),
    feature('window_level_presets', { type: 'component' }),
    feature('pan'),
    feature('zoom'),
    folder(1, 'Transform', [feature('rotate'), feature('flip_horizontal'), feature('flip_vertical'), feature('reset')]),
    feature('cine'),
    feature('cine_range', { type: 'component' }),
    feature('magnifier'),
    feature('pixel_value'),
    folder(2, 'Annotation', [
      feature('length'),
      feature('angle'),
      feature('rectangle'),
      feature('ellipse'),
      feature('arrow'),
      feature('text'),
      feature('vhs'),
      feature('annotation_save'),
    ]),
    divider(2),
    feature('sync', { type: 'checkbox' }),
    feature('comparison'),
    feature('mpr'),
    feature('key_image'),
    feature('capture'),
    feature('export'),
    feature('dicom_header'),
    folder(3, 'Display', [
      feature('overlay', { type: 'checkbox' }),
      feature('annotation_display', { type: 'checkbox' }),
      feature('pseudo_color'),
    ]),
    feature('report', { position: 'right' }),
  ];
}

export function defaultReportToolbar(): ToolbarItem[] {
  return [
    feature('save'),
    feature('delete'),
    divider(1),
    feature('viewer'),
    feature('pdf'),
    feature('template', { position: 'right' }),
    feature('layout', { position: 'right' }),
  ];
}

export function defaultMwmToolbar(): ToolbarItem[] {
  return [
    feature('add'),
    feature('edit'),
    feature('delete'),
    feature('search', { position: 'right' }),
    feature('refresh', { position: 'right' }),
  ];
}

/** Share guests look and read but do not edit (spec 1 §6): edit actions are left out. */
export function defaultGuestListToolbar(): ToolbarItem[] {
  return [
    feature('viewer'),
    feature('report'),
    feature('export', { isVisible: false }),
    feature('search', { position: 'right' }),
    feature('refresh', { position: 'right' }),
  ];
}

export function defaultGuestViewerToolbar(): ToolbarItem[] {
  const hidden = new Set<string>(['annotation_save', 'capture', 'export', 'key_image']);
  const strip = (items: ToolbarItem[]): ToolbarItem[] =>
    items.filter((item) => !hidden.has(item.key)).map((item) => (item.items ? { ...item, items: strip(item.items) } : item));
  return strip(defaultViewerToolbar());
}

export function defaultGuestReportToolbar(): ToolbarItem[] {
  return [feature('viewer'), feature('pdf')];
}
