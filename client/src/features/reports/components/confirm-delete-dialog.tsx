import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

export interface ConfirmDeleteDialogProps {
  title: ReactNode;
  /** What is about to go. */
  subject: ReactNode;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/**
 * The report and template delete confirmations (spec 2 §8: "Are you sure you want to delete?").
 * The global error handler shows a failure; the dialog stays open for another try.
 */
export function ConfirmDeleteDialog({ title, subject, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={<FormattedMessage id="reports.delete.confirm" />}
      danger
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="report-delete-subject">{subject}</p>
      <p>
        <FormattedMessage id="reports.delete.question" />
      </p>
      <p className="muted">
        <FormattedMessage id="reports.delete.irreversible" />
      </p>
    </ConfirmDialog>
  );
}
