/**
 * Leaf shapes shared by the application configs and the per-user settings: list columns, toolbar
 * items, sort keys and search fields (spec 2 §3).
 */

export type Alignment = 'left' | 'center' | 'right';

/** One column of a list (study, series, instance, worklist, recycle bin, share, report, csv). */
export interface ColumnSetting {
  key: string;
  label: string;
  /** Pixels, 40 to 400 (spec 2 §5). */
  width: number;
  alignment: Alignment;
  is_visible: boolean;
  /** A command cell (share lists: info, edit, delete) rather than a data column. */
  is_cmd?: boolean;
  /** Transient UI state of the settings table; never part of the defaults. */
  is_selected?: boolean;
}

export type ToolbarItemType = 'feature' | 'folder' | 'divider' | 'component' | 'checkbox' | 'radio' | 'template';
export type ToolbarPosition = 'left' | 'right';

export interface ToolbarItem {
  /** Feature name, or a numeric string for folders (highest folder key plus 1). */
  key: string;
  type: ToolbarItemType;
  icon?: string;
  label: string;
  description?: string;
  position: ToolbarPosition;
  is_visible: boolean;
  is_collapsed?: boolean;
  /** Children of a folder. */
  items?: ToolbarItem[];
}

/** Match types of text searches (spec 2 §7 patients search). */
export type MatchType = 'partial' | 'perfect' | 'forward' | 'backward';

export interface QuickSearch {
  key: string;
  type: MatchType;
}

export interface SearchField {
  key: string;
  type: MatchType;
  is_visible: boolean;
}

export interface OrderBy {
  key: string;
  desc: boolean;
}

/** An entry of a user-ordered, user-toggled list (search shortcuts, search bar parts, ...). */
export interface VisibleKey<K = string> {
  key: K;
  is_visible: boolean;
}
