import { FormattedMessage } from 'react-intl';
import { Dialog } from '../../components/dialog.tsx';

/** The shortcuts the shell itself answers; screens add their own as they arrive. */
export function KeyboardShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={<FormattedMessage id="dialogs.keyboard_shortcuts.title" />} onClose={onClose} size="small">
      <table className="table shortcuts">
        <tbody>
          <tr>
            <td>
              <kbd>?</kbd>
            </td>
            <td>
              <FormattedMessage id="dialogs.keyboard_shortcuts.show_shortcuts" />
            </td>
          </tr>
          <tr>
            <td>
              <kbd>Esc</kbd>
            </td>
            <td>
              <FormattedMessage id="dialogs.keyboard_shortcuts.close_dialog" />
            </td>
          </tr>
        </tbody>
      </table>
    </Dialog>
  );
}
