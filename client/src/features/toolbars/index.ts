/** The toolbars feature's public entry: what other features may use. */
export { useToolbarItems } from './toolbar-source.ts';
