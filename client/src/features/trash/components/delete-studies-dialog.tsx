/**
 * The list's delete (spec 2 §2 dialog "delete", toolbar `delete`, needs list_delete): the
 * selected studies, series or instances go to the recycle bin, gone from every list at once and
 * restorable by an administrator until the retention period ends. The server checks what the
 * user may see.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import type { DeleteItem, DeleteResult } from '@pacs/common';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import '../trash.css';
import { useDeleteStudies } from '../api/delete-studies.ts';
import { countsText } from '../counts.ts';
import { deleteSummary } from '../delete-items.ts';

export interface DeleteStudiesDialogProps {
  items: readonly DeleteItem[];
  onClose: () => void;
  onDeleted: (result: DeleteResult) => void;
}

export function DeleteStudiesDialog({ items, onClose, onDeleted }: DeleteStudiesDialogProps) {
  const intl = useIntl();
  const remove = useDeleteStudies();
  return (
    <ConfirmDialog
      title={<FormattedMessage id="trash.move.title" />}
      confirmLabel={<FormattedMessage id="trash.move.confirm" />}
      danger
      showErrors
      onConfirm={async () => onDeleted(await remove.mutateAsync(items))}
      onClose={onClose}
    >
      <p className="trash-subject">
        <FormattedMessage id="trash.selected_items" values={{ items: countsText(intl, deleteSummary(items)) }} />
      </p>
      <p>
        <FormattedMessage id="trash.move.question" />
      </p>
      <p className="muted">
        <FormattedMessage id="trash.move.note" />
      </p>
    </ConfirmDialog>
  );
}
