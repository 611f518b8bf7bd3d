/** Application-wide configs: shape, defaults, version check and migrations (spec 2 §3, §4, §9). */
export type * from './types.ts';
export { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './columns.ts';
export type { ColumnKey } from './columns.ts';
export {
  defaultGuestListToolbar,
  defaultGuestReportToolbar,
  defaultGuestViewerToolbar,
  defaultListToolbar,
  defaultMwmToolbar,
  defaultReportToolbar,
  defaultViewerToolbar,
} from './toolbars.ts';
export type { ToolbarFeatureKey } from './toolbars.ts';
export * from './defaults.ts';
export * from './version.ts';
export * from './migrations.ts';
export * from './upgrade.ts';
