import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './form-fields.tsx';
import { readDialogFailure } from '../lib/server-errors.ts';

interface DeleteDialogProps {
  title: ReactNode;
  /** What is about to go, e.g. the account id and name. */
  subject: ReactNode;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}

/** The destructive confirmation (spec 1 §5); a refusal (409) is read out here. */
export function DeleteDialog({ title, subject, onDelete, onClose }: DeleteDialogProps) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();

  const confirm = async () => {
    setBusy(true);
    setMessage(undefined);
    try {
      await onDelete();
      onClose();
    } catch (error) {
      setMessage(readDialogFailure(error, [], intl).message);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={title}
      onClose={onClose}
      size="small"
      tone="danger"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} data-autofocus>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="button button-danger" onClick={() => void confirm()} disabled={busy}>
            <FormattedMessage id="accounts_admin.delete.confirm" />
          </button>
        </>
      }
    >
      <p className="access-delete-subject">{subject}</p>
      <p>
        <FormattedMessage id="accounts_admin.delete.question" />
      </p>
      <p className="muted">
        <FormattedMessage id="accounts_admin.delete.irreversible" />
      </p>
      {message && <FormAlert>{message}</FormAlert>}
    </Dialog>
  );
}
