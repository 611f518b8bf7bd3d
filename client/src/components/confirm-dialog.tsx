/**
 * The one yes/no confirmation (delete a toolbar item, a logo, an account, a report, stop a
 * share): Cancel has the focus, so Enter never confirms by accident. A confirmation that acts at
 * once closes the dialog; one that returns a promise keeps it open and busy (both buttons off)
 * until the promise settles: closed when it resolves, and on a refusal either the server's
 * message read out in the dialog (`showErrors`) or, where the global error handler already shows
 * it, simply ready again.
 */
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { readDialogFailure } from '../lib/server-errors.ts';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './form-fields.tsx';

export interface ConfirmDialogProps {
  title: ReactNode;
  confirmLabel: ReactNode;
  /** A destructive action: red tone and button. */
  danger?: boolean;
  onConfirm: () => void | Promise<unknown>;
  onClose: () => void;
  /** Read a refusal out in the dialog (for mutations that do not report errors globally). */
  showErrors?: boolean;
  children: ReactNode;
}

export function ConfirmDialog({ title, confirmLabel, danger, onConfirm, onClose, showErrors, children }: ConfirmDialogProps) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();

  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      onClose();
      return;
    }
    setBusy(true);
    setMessage(undefined);
    try {
      await result;
      onClose();
    } catch (error) {
      if (showErrors) setMessage(readDialogFailure(error, [], intl).message);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={title}
      onClose={onClose}
      size="small"
      tone={danger ? 'danger' : 'default'}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="button"
            className={danger ? 'button button-danger' : 'button button-primary'}
            disabled={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {message && <FormAlert>{message}</FormAlert>}
    </Dialog>
  );
}
