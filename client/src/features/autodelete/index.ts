/** The auto-delete feature's public entry. Nothing outside it needs it yet: the router imports the screen directly. */
export { useAutoDeleteSettings } from './api/get-auto-delete-settings.ts';
