/**
 * The rules of the viewer's settings (spec 2 §3 viewer overlay item, window-level preset, layout
 * item; §5 not_exist_wl_presets, not_exist_layout_modality, not_exist_modality, hex_color; §9
 * viewer constants), written once: the settings pages explain a refused value from them and the
 * adapter refuses it (`PUT /settings/replace` of any key under `viewer`). Also the two readings
 * of those settings the viewer needs: which overlay corners a modality shows, and which hanging
 * protocol a study opens with.
 */
import { isJsonObject } from './json-path.ts';
import type { LayoutForModality, OverlayItem, UserSettings } from './settings/defaults.ts';
import { isHexColor, MESSAGES } from './validation.ts';

/** The grids the layout pickers and protocols offer, `RxC` (rows × columns). */
export const SERIES_LAYOUTS = ['1x1', '1x2', '2x1', '2x2', '2x3', '3x3'] as const;
export const IMAGE_LAYOUTS = ['1x1', '1x2', '2x2', '3x3'] as const;

export const OVERLAY_POSITIONS = ['tl', 'tr', 'bl', 'br'] as const;
export const MOUSE_TOOLS = ['window_level', 'zoom', 'pan', 'none'] as const;
export const INTERPOLATIONS = ['bilinear', 'nearest_neighbor', 'bicubic'] as const;
export const LAYOUT_ORDERS = ['series_number', 'largest'] as const;
/** How a protocol's views find their series (LayoutForModality.view_match). */
export const VIEW_MATCHES = ['attributes', 'description'] as const;

/** What the viewer's keyboard shortcuts can do (the actions of viewer-commands.ts). */
export const SHORTCUT_ACTIONS = [
  'next_image',
  'previous_image',
  'next_series',
  'previous_series',
  'window_level',
  'pan',
  'zoom',
  'reset',
] as const;

export const FONT_SIZE_MIN = 8;
export const FONT_SIZE_MAX = 32;
export const PRESET_LABEL_MAX_LENGTH = 50;
/** A window width or centre beyond ±65535 is no image's value range (16-bit pixels). */
export const WINDOW_LIMIT = 65535;
/** Words of a protocol cell and of a body part. */
export const LAYOUT_TEXT_MAX_LENGTH = 64;
export const OVERLAY_KEY_MAX_LENGTH = 64;

/** A DICOM modality code (CS): an upper-case letter, then letters, digits or underscores, 2 to 16. */
export function isModalityCode(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Z][A-Z0-9_]{1,15}$/.test(value);
}

/** A key that applies a preset or runs a shortcut: one printable character, or a named key. */
export function isShortcutKey(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if ([...value].length === 1) return value.trim() !== '';
  return /^(F([1-9]|1[0-2])|Arrow(Up|Down|Left|Right)|Escape|Home|End|PageUp|PageDown|Insert|Enter)$/.test(value);
}

/** Two keys are the same shortcut when they are the same named key or the same letter in any case. */
export function sameShortcutKey(a: string, b: string): boolean {
  return [...a].length === 1 && [...b].length === 1 ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function oneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

function isWindowValue(value: unknown, min: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= WINDOW_LIMIT;
}

function shortText(value: unknown, max: number): boolean {
  return typeof value === 'string' && value.length <= max;
}

type Problems = Record<string, string>;

/**
 * Window-level presets: label required (≤ 50), a modality code, width ≥ 1 and centre within the
 * 16-bit range, a key or none; not_exist_wl_presets: a modality and key pair once, letters in any
 * case. By `index.member`.
 */
export function windowLevelProblems(value: unknown): Problems {
  if (!Array.isArray(value)) return { '': MESSAGES.invalid };
  const problems: Problems = {};
  const keys = new Set<string>();
  value.forEach((item: unknown, index) => {
    if (!isJsonObject(item)) {
      problems[`${index}`] = MESSAGES.invalid;
      return;
    }
    if (typeof item.key !== 'string' || item.key === '' || keys.has(item.key)) problems[`${index}.key`] = MESSAGES.invalid;
    else keys.add(item.key);
    if (typeof item.label !== 'string' || item.label.trim() === '') problems[`${index}.label`] = MESSAGES.required;
    else if (item.label.length > PRESET_LABEL_MAX_LENGTH) problems[`${index}.label`] = MESSAGES.max_length(PRESET_LABEL_MAX_LENGTH);
    if (!isModalityCode(item.modality)) problems[`${index}.modality`] = MESSAGES.invalid;
    if (!isWindowValue(item.ww, 1)) problems[`${index}.ww`] = MESSAGES.invalid;
    if (!isWindowValue(item.wc, -WINDOW_LIMIT)) problems[`${index}.wc`] = MESSAGES.invalid;
    if (typeof item.keyboard !== 'string' || (item.keyboard !== '' && !isShortcutKey(item.keyboard))) {
      problems[`${index}.keyboard`] = MESSAGES.invalid;
      return;
    }
    const keyboard = item.keyboard;
    const taken =
      keyboard !== '' &&
      value
        .slice(0, index)
        .some(
          (other: unknown) =>
            isJsonObject(other) &&
            other.modality === item.modality &&
            typeof other.keyboard === 'string' &&
            sameShortcutKey(other.keyboard, keyboard),
        );
    if (taken) problems[`${index}.keyboard`] = MESSAGES.already_exists;
  });
  return problems;
}

/** Hanging protocols: grids from the lists, a modality code; not_exist_layout_modality: a modality and body part once. */
export function layoutProblems(value: unknown): Problems {
  if (!isJsonObject(value)) return { '': MESSAGES.invalid };
  const problems: Problems = {};
  if (!oneOf(SERIES_LAYOUTS, value.series)) problems.series = MESSAGES.invalid;
  if (!oneOf(IMAGE_LAYOUTS, value.image)) problems.image = MESSAGES.invalid;
  if (!Array.isArray(value.modality)) return { ...problems, modality: MESSAGES.invalid };
  const seen = new Set<string>();
  value.modality.forEach((item: unknown, index) => {
    const at = `modality.${index}`;
    if (!isJsonObject(item)) {
      problems[at] = MESSAGES.invalid;
      return;
    }
    if (!oneOf(SERIES_LAYOUTS, item.series)) problems[`${at}.series`] = MESSAGES.invalid;
    if (!oneOf(IMAGE_LAYOUTS, item.image)) problems[`${at}.image`] = MESSAGES.invalid;
    const bodyPart = item.body_part ?? '';
    if (!shortText(bodyPart, LAYOUT_TEXT_MAX_LENGTH)) problems[`${at}.body_part`] = MESSAGES.invalid;
    if (item.order !== undefined && !oneOf(LAYOUT_ORDERS, item.order)) problems[`${at}.order`] = MESSAGES.invalid;
    if (item.view_match !== undefined && !oneOf(VIEW_MATCHES, item.view_match)) problems[`${at}.view_match`] = MESSAGES.invalid;
    const views = item.views ?? [];
    const cells = oneOf(SERIES_LAYOUTS, item.series) ? cellsOf(item.series) : 0;
    const viewsOk = Array.isArray(views) && views.length <= cells && views.every((view) => shortText(view, LAYOUT_TEXT_MAX_LENGTH));
    if (!viewsOk) problems[`${at}.views`] = MESSAGES.invalid;
    if (!isModalityCode(item.modality)) {
      problems[`${at}.modality`] = MESSAGES.invalid;
      return;
    }
    const pair = `${item.modality as string}\u0000${typeof bodyPart === 'string' ? bodyPart.trim().toUpperCase() : ''}`;
    if (seen.has(pair)) problems[`${at}.modality`] = MESSAGES.already_exists;
    seen.add(pair);
  });
  return problems;
}

/**
 * Overlay corners: a position, an attribute key, a visibility, and a modality code or none
 * (not_exist_modality is the pages' business: a modality with no item simply has no corners).
 */
export function overlayProblems(value: unknown): Problems {
  if (!Array.isArray(value)) return { '': MESSAGES.invalid };
  const problems: Problems = {};
  value.forEach((item: unknown, index) => {
    const ok =
      isJsonObject(item) &&
      oneOf(OVERLAY_POSITIONS, item.position) &&
      typeof item.key === 'string' &&
      /^[A-Za-z][A-Za-z0-9_]*$/.test(item.key) &&
      item.key.length <= OVERLAY_KEY_MAX_LENGTH &&
      typeof item.is_visible === 'boolean' &&
      (item.modality === undefined || item.modality === '' || isModalityCode(item.modality));
    if (!ok) problems[`${index}`] = MESSAGES.invalid;
  });
  return problems;
}

/** Keyboard shortcuts: known actions, each once, each with a key or none; a key once (letters in any case). */
export function shortcutProblems(value: unknown): Problems {
  if (!Array.isArray(value)) return { '': MESSAGES.invalid };
  const problems: Problems = {};
  const actions = new Set<string>();
  value.forEach((item: unknown, index) => {
    if (!isJsonObject(item) || !oneOf(SHORTCUT_ACTIONS, item.key) || actions.has(item.key)) {
      problems[`${index}`] = MESSAGES.invalid;
      return;
    }
    actions.add(item.key);
    const shortcut = item.shortcut;
    if (typeof shortcut !== 'string' || (shortcut !== '' && !isShortcutKey(shortcut))) {
      problems[`${index}.shortcut`] = MESSAGES.invalid;
      return;
    }
    const taken =
      shortcut !== '' &&
      value
        .slice(0, index)
        .some((other: unknown) => isJsonObject(other) && typeof other.shortcut === 'string' && sameShortcutKey(other.shortcut, shortcut));
    if (taken) problems[`${index}.shortcut`] = MESSAGES.already_exists;
  });
  return problems;
}

function nested(prefix: string, problems: Problems): Problems {
  return Object.fromEntries(Object.entries(problems).map(([key, text]) => [key === '' ? prefix : `${prefix}.${key}`, text]));
}

/**
 * What is wrong with a viewer node, by dotted key under it (`window_level.2.keyboard`,
 * `layout.modality.0.series`, `color.annotation`, ...). Only the members present are checked, so
 * a node saved one member at a time is checked the same way; members these pages do not edit
 * (toolbar, cine, zoom, magnifier) keep the rules of their own editors.
 */
export function viewerSettingsProblems(node: unknown): Problems {
  if (!isJsonObject(node)) return { '': MESSAGES.invalid };
  const problems: Problems = {};
  const set = (key: string, ok: boolean) => {
    if (!ok) problems[key] = MESSAGES.invalid;
  };
  if (node.window_level !== undefined) Object.assign(problems, nested('window_level', windowLevelProblems(node.window_level)));
  if (node.layout !== undefined) Object.assign(problems, nested('layout', layoutProblems(node.layout)));
  if (node.overlay !== undefined) Object.assign(problems, nested('overlay', overlayProblems(node.overlay)));
  if (node.keyboard_shortcuts !== undefined)
    Object.assign(problems, nested('keyboard_shortcuts', shortcutProblems(node.keyboard_shortcuts)));
  if (node.color !== undefined) {
    const color = isJsonObject(node.color) ? node.color : {};
    set('color.annotation', isHexColor(color.annotation));
    set('color.active', isHexColor(color.active));
  }
  if (node.font_size !== undefined) {
    const size = node.font_size;
    set('font_size', typeof size === 'number' && Number.isInteger(size) && size >= FONT_SIZE_MIN && size <= FONT_SIZE_MAX);
  }
  if (node.mouse !== undefined) {
    const mouse = isJsonObject(node.mouse) ? node.mouse : {};
    for (const button of ['left', 'middle', 'right']) set(`mouse.${button}`, oneOf(MOUSE_TOOLS, mouse[button]));
  }
  if (node.interpolation !== undefined) set('interpolation', oneOf(INTERPOLATIONS, node.interpolation));
  if (node.thumbnailbar !== undefined) {
    const bar = isJsonObject(node.thumbnailbar) ? node.thumbnailbar : {};
    set('thumbnailbar.is_visible', typeof bar.is_visible === 'boolean');
    set('thumbnailbar.position', oneOf(['left', 'bottom'], bar.position));
    set('thumbnailbar.double_click', oneOf(['replace', 'add'], bar.double_click));
  }
  if (node.study_panel !== undefined)
    set('study_panel.is_open', isJsonObject(node.study_panel) && typeof node.study_panel.is_open === 'boolean');
  if (node.history !== undefined) set('history.mode', isJsonObject(node.history) && oneOf(['modality', 'series'], node.history.mode));
  if (node.annotation !== undefined) {
    set('annotation.status', isJsonObject(node.annotation) && oneOf(['show_all', 'show_only_mine', 'hide_all'], node.annotation.status));
  }
  if (node.sync !== undefined) {
    const sync = isJsonObject(node.sync) ? node.sync : {};
    for (const kind of ['scroll', 'window_level', 'zoom_pan']) set(`sync.${kind}`, typeof sync[kind] === 'boolean');
  }
  return problems;
}

/** Cells of a grid key (`2x3` → 6); 1 for anything that is not one. */
export function cellsOf(key: string): number {
  const match = /^(\d)x(\d)$/.exec(key);
  return match ? Number(match[1]) * Number(match[2]) : 1;
}

/** The corners for images of `modality`: its own items when it has any, else those for every modality. */
export function overlayFor(items: readonly OverlayItem[], modality: string | null | undefined): OverlayItem[] {
  const own = modality ? items.filter((item) => item.modality === modality) : [];
  return own.length > 0 ? own : items.filter((item) => !item.modality);
}

/** The modalities with corners of their own, in the order they first appear. */
export function overlayModalities(items: readonly OverlayItem[]): string[] {
  return [...new Set(items.map((item) => item.modality ?? '').filter(Boolean))];
}

/** The series of a study a protocol looks at. */
export interface HangingSeries {
  SeriesInstanceUID: string;
  Modality?: string | null;
  BodyPartExamined?: string | null;
  SeriesDescription?: string | null;
  NumberOfSeriesRelatedInstances?: number | null;
  /** Of the series' first instance (PS3.3 C.8.11.5, C.8.11.7): CC, MLO, ML, … */
  ViewPosition?: string | null;
  /** ImageLaterality of the first instance, else the series' Laterality: R, L, B or U. */
  ImageLaterality?: string | null;
}

export interface Hanging {
  series: string;
  image: string;
  /** The series of each cell, row by row; null for a cell whose view the study lacks. */
  cells: (string | null)[];
  /** The protocol that applied, or null for the plain defaults. */
  protocol: LayoutForModality | null;
}

function words(text: string): string[] {
  return text
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether every word of a view (`R CC`) is a word of the description (`R CC TOMO`, `r-cc`). */
export function matchesView(view: string, description: string): boolean {
  const wanted = words(view);
  if (wanted.length === 0) return false;
  const have = new Set(words(description));
  return wanted.every((word) => have.has(word));
}

const LATERALITIES = new Set(['R', 'L', 'B']);

/**
 * Whether a series' own attributes are the view's: a view names a laterality (R, L, B) and a view
 * position (`R CC`, `MLO L`, `L XCCL`), and the series' ImageLaterality and ViewPosition are those.
 * False when the view does not name both, or the series lacks either attribute.
 */
export function matchesViewAttributes(view: string, series: Pick<HangingSeries, 'ViewPosition' | 'ImageLaterality'>): boolean {
  const wanted = words(view);
  const laterality = wanted.filter((word) => LATERALITIES.has(word));
  const position = wanted.filter((word) => !LATERALITIES.has(word));
  if (laterality.length !== 1 || position.length !== 1) return false;
  const have = {
    laterality: (series.ImageLaterality ?? '').trim().toUpperCase(),
    position: (series.ViewPosition ?? '').trim().toUpperCase(),
  };
  return have.laterality === laterality[0] && have.position === position[0];
}

/** The protocol that applies to a study's series, or null (see hangingProtocol). */
export function protocolFor(
  layout: UserSettings['viewer']['layout'] | undefined,
  series: readonly HangingSeries[],
): LayoutForModality | null {
  return (
    layout?.modality.find((item) => {
      const ofModality = series.filter((one) => one.Modality === item.modality);
      const part = (item.body_part ?? '').trim().toUpperCase();
      return ofModality.length > 0 && (part === '' || ofModality.some((one) => (one.BodyPartExamined ?? '').trim().toUpperCase() === part));
    }) ?? null
  );
}

/** Whether placing the study's views needs its series' ViewPosition and ImageLaterality (read from their first instances). */
export function needsViewAttributes(protocol: LayoutForModality | null): boolean {
  return !!protocol && (protocol.view_match ?? 'attributes') === 'attributes' && (protocol.views ?? []).some((view) => view.trim() !== '');
}

/**
 * The protocol a study opens with (issue 21): the first, top to bottom, whose modality one of the
 * study's series has and whose body part (if it names one) one of those series has. Its grids,
 * then its series order: the cells with a view take the first series whose laterality and view
 * position are the view's (view_match attributes, the default), else whose description holds it,
 * the other cells the remaining series by the protocol's order (list order, or most images first);
 * a view no series holds leaves its cell empty.
 * Without a protocol: the default grids and list order.
 */
export function hangingProtocol(layout: UserSettings['viewer']['layout'] | undefined, series: readonly HangingSeries[]): Hanging {
  const protocol = protocolFor(layout, series);
  if (!protocol) {
    const grid = layout?.series ?? '2x2';
    const cells = series.slice(0, cellsOf(grid)).map((one): string | null => one.SeriesInstanceUID);
    while (cells.length < cellsOf(grid)) cells.push(null);
    return { series: grid, image: layout?.image ?? '1x1', cells, protocol: null };
  }
  const ranked =
    protocol.order === 'largest'
      ? [...series].sort((a, b) => (b.NumberOfSeriesRelatedInstances ?? 0) - (a.NumberOfSeriesRelatedInstances ?? 0))
      : [...series];
  // The protocol's own modality first: a CT's dose report or a key-object series waits its turn.
  ranked.sort((a, b) => Number(b.Modality === protocol.modality) - Number(a.Modality === protocol.modality));
  const cells = cellsOf(protocol.series);
  const slots: (string | null)[] = Array.from({ length: cells }, () => null);
  const used = new Set<string>();
  const views = (protocol.views ?? []).slice(0, cells);
  const place = (matches: (view: string, one: HangingSeries) => boolean) =>
    views.forEach((view, cell) => {
      if (slots[cell] !== null) return;
      const hit = ranked.find((one) => !used.has(one.SeriesInstanceUID) && matches(view, one));
      if (hit) {
        slots[cell] = hit.SeriesInstanceUID;
        used.add(hit.SeriesInstanceUID);
      }
    });
  // Attributes first, for every view: a misleading description cannot take a series its own
  // laterality and view position place elsewhere. Then descriptions, for series without them.
  if (needsViewAttributes(protocol)) place(matchesViewAttributes);
  const hasAttributes = (one: HangingSeries) =>
    needsViewAttributes(protocol) && !!one.ViewPosition?.trim() && !!one.ImageLaterality?.trim();
  place((view, one) => !hasAttributes(one) && matchesView(view, one.SeriesDescription ?? ''));
  const rest = ranked.filter((one) => !used.has(one.SeriesInstanceUID)).map((one) => one.SeriesInstanceUID);
  // A cell with a view the study lacks stays empty, so the other views keep their places; when
  // no description names any view, the views are ignored rather than leaving the grid blank.
  const viewOf = (cell: number) => (used.size > 0 ? ((protocol.views ?? [])[cell]?.trim() ?? '') : '');
  const filled = slots.map((slot, cell) => slot ?? (viewOf(cell) === '' ? (rest.shift() ?? null) : null));
  return { series: protocol.series, image: protocol.image, cells: filled, protocol };
}
