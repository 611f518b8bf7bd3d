/** The import feature's public entry: what other features may use. */
export { ImportDialog } from './components/import-dialog.tsx';
export { ImportSampleDialog } from './components/import-sample-dialog.tsx';
