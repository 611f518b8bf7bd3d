/**
 * The recycle bin's four confirmations (spec 2 §2 "recycle bin delete, delete all, restore,
 * restore all"). Deletes say it cannot be undone; Cancel has the focus. A refusal is read out in
 * the dialog.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatFileSize } from '../../../lib/format.ts';
import { countsText, type LevelCounts } from '../counts.ts';

export type TrashAction = 'restore' | 'delete' | 'restore_all' | 'delete_all';

export interface TrashConfirmProps {
  action: TrashAction;
  /** What the selection names (restore, delete). */
  summary: LevelCounts;
  /** The whole bin (restore all, delete all). */
  total: { studies: number; size: number };
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

export function TrashConfirm({ action, summary, total, onConfirm, onClose }: TrashConfirmProps) {
  const intl = useIntl();
  const isDelete = action === 'delete' || action === 'delete_all';
  const isAll = action === 'restore_all' || action === 'delete_all';
  const titles = {
    restore: <FormattedMessage id="trash.confirm.restore_title" />,
    delete: <FormattedMessage id="trash.confirm.delete_title" />,
    restore_all: <FormattedMessage id="trash.confirm.restore_all_title" />,
    delete_all: <FormattedMessage id="trash.confirm.delete_all_title" />,
  };
  return (
    <ConfirmDialog
      title={titles[action]}
      confirmLabel={
        isDelete ? <FormattedMessage id="trash.confirm.delete_button" /> : <FormattedMessage id="trash.confirm.restore_button" />
      }
      danger={isDelete}
      showErrors
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="trash-subject">
        {isAll ? (
          <FormattedMessage
            id="trash.confirm.everything"
            values={{ items: countsText(intl, { studies: total.studies, series: 0, instances: 0 }), size: formatFileSize(total.size) }}
          />
        ) : (
          <FormattedMessage id="trash.selected_items" values={{ items: countsText(intl, summary) }} />
        )}
      </p>
      {isDelete ? (
        <>
          <p>
            <FormattedMessage id="trash.confirm.delete_question" />
          </p>
          <p className="muted">
            <FormattedMessage id="trash.confirm.cannot_be_undone" />
          </p>
        </>
      ) : (
        <p>
          <FormattedMessage id="trash.confirm.restore_note" />
        </p>
      )}
    </ConfirmDialog>
  );
}
