import { FormattedMessage } from 'react-intl';
import { Dialog } from '../../components/dialog.tsx';

/** Shown on a 403 at sign-in: the account is locked after too many failures. */
export function LoginBlockedDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      title={<FormattedMessage id="dialogs.login_blocked.title" />}
      onClose={onClose}
      size="small"
      tone="danger"
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          <FormattedMessage id="common.ok" />
        </button>
      }
    >
      <div className="alert alert-danger" role="alert">
        <FormattedMessage id="dialogs.login_blocked.message" />
      </div>
      <p className="muted">
        <FormattedMessage id="dialogs.login_blocked.hint" />
      </p>
    </Dialog>
  );
}
