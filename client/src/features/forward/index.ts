/** The forward feature's public entry: the list's forward dialog and its progress panel. */
import './forward.css';

export { ForwardDialog, forwardSummary } from './components/forward-dialog.tsx';
export { ForwardProgress } from './components/forward-progress.tsx';
