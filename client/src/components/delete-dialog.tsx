import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface DeleteDialogProps {
  title: ReactNode;
  /** What is about to go, e.g. the account id and name. */
  subject: ReactNode;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}

/** The destructive confirmation of the access screens (spec 1 §5); a refusal (409) is read out in it. */
export function DeleteDialog({ title, subject, onDelete, onClose }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={<FormattedMessage id="accounts_admin.delete.confirm" />}
      danger
      showErrors
      onConfirm={onDelete}
      onClose={onClose}
    >
      <p className="access-delete-subject">{subject}</p>
      <p>
        <FormattedMessage id="accounts_admin.delete.question" />
      </p>
      <p className="muted">
        <FormattedMessage id="accounts_admin.delete.irreversible" />
      </p>
    </ConfirmDialog>
  );
}
