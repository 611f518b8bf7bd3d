/** The shares feature's public entry: what other features may use. */
export { ShareAction } from './components/share-action.tsx';
