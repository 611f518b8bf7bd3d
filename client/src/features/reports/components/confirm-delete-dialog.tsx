import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from '../../../components/dialog.tsx';

export interface ConfirmDeleteDialogProps {
  title: ReactNode;
  /** What is about to go. */
  subject: ReactNode;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/** The report and template delete confirmations (spec 2 §8: "Are you sure you want to delete?"). */
export function ConfirmDeleteDialog({ title, subject, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The global error handler already showed the failure.
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
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void confirm()}>
            <FormattedMessage id="reports.delete.confirm" />
          </button>
        </>
      }
    >
      <p className="report-delete-subject">{subject}</p>
      <p>
        <FormattedMessage id="reports.delete.question" />
      </p>
      <p className="muted">
        <FormattedMessage id="reports.delete.irreversible" />
      </p>
    </Dialog>
  );
}
