/** The study list's (and the lists built like it) phone check: one rule, in lib/use-screen-class.ts. */
export { useIsPhone } from '../../lib/use-screen-class.ts';
