import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { signOut } from '../../features/auth/session.ts';
import { Dialog } from '../../components/dialog.tsx';

export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await signOut();
    onClose();
    await navigate(paths.login.getHref(), { replace: true });
  };
  return (
    <Dialog
      title={<FormattedMessage id="dialogs.logout.title" />}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={busy} data-autofocus>
            <FormattedMessage id="nav.logout" />
          </button>
        </>
      }
    >
      <p>
        <FormattedMessage id="dialogs.logout.message" />
      </p>
    </Dialog>
  );
}
