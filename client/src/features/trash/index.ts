/** The recycle bin feature's public entry: the list's delete (to the bin). The bin's screen is routed lazily. */
export { DeleteStudiesDialog } from './components/delete-studies-dialog.tsx';
