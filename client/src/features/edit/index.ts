/** The edit feature's public entry: the list's edit dialogs and what the toolbar passes them. */
import './edit.css';

export { EditDialog } from './components/edit-dialog.tsx';
export type { EditTarget } from './edit-form.ts';
