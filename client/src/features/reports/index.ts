/** The reports feature's public entry: what other features may use. */
export { SECTION_LABELS } from './section-labels.ts';
