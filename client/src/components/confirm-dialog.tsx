/**
 * A small yes/no confirmation (delete a toolbar item or a logo, reset a toolbar): Cancel has the
 * focus, so Enter never confirms by accident; confirming closes the dialog, then acts.
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  title: ReactNode;
  confirmLabel: ReactNode;
  /** A destructive action: red tone and button. */
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function ConfirmDialog({ title, confirmLabel, danger, onConfirm, onClose, children }: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      size="small"
      tone={danger ? 'danger' : 'default'}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} data-autofocus>
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="button"
            className={danger ? 'button button-danger' : 'button button-primary'}
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
