/** Application-wide configs: shape, defaults, version check and migrations (spec 2 §3, §4, §9). */
export type * from './types.ts';
export { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, SHARE_COMMANDS, commandColumns, defaultColumnLabel } from './columns.ts';
export type { ColumnKey, ShareCommand } from './columns.ts';
export {
  DEFAULT_FOLDER_LABELS,
  defaultGuestListToolbar,
  defaultGuestReportToolbar,
  defaultGuestViewerToolbar,
  defaultListToolbar,
  defaultMwmToolbar,
  defaultReportToolbar,
  defaultViewerToolbar,
  divider as toolbarDivider,
  feature as toolbarFeature,
  folder as toolbarFolder,
} from './toolbars.ts';
export type { ToolbarFeatureKey } from './toolbars.ts';
export * from './defaults.ts';
export * from './version.ts';
export * from './migrations.ts';
export * from './upgrade.ts';
export * from './site-rules.ts';
