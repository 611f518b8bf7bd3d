/** The toolbars feature's public entry: what other features may use. */
export { useToolbarItems } from './toolbar-source.ts';
export { isToolbarItemVisible, visibleFolderItems, visibleToolbarItems } from './toolbar-visibility.ts';
export type { ToolbarVisibility } from './toolbar-visibility.ts';
export { siteHiddenFeatures } from './toolbar-items.ts';
