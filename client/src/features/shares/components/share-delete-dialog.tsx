/** The share-stop confirmation (spec 3 §2): stopping ends the recipient's access at once. */
import { useIntl } from 'react-intl';
import type { ShareItem, ShareKind } from '@pacs/common';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteShare } from '../api/delete-share.ts';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import { SHARE_MESSAGES as M, SHARE_TYPE_LABELS } from '../messages.ts';

export interface ShareDeleteDialogProps {
  kind: ShareKind;
  share: ShareItem;
  onDeleted: () => void;
  onClose: () => void;
}

export function ShareDeleteDialog({ kind, share, onDeleted, onClose }: ShareDeleteDialogProps) {
  const intl = useIntl();
  const remove = useDeleteShare();
  return (
    <ConfirmDialog
      title={intl.formatMessage(M.stop_title)}
      confirmLabel={intl.formatMessage(M.stop)}
      danger
      onConfirm={() => remove.mutateAsync({ kind, No: share.No }).then(onDeleted)}
      onClose={onClose}
    >
      <p>{intl.formatMessage(M.stop_question)}</p>
      <p className="muted">
        <bdi>{[share.PatientID, formatPersonName(share.PatientName, sessionStore.nameForm)].filter(Boolean).join(' · ')}</bdi>
        {' → '}
        <bdi>{share.Type === 'guest' ? intl.formatMessage(SHARE_TYPE_LABELS.guest) : share.SharedWith}</bdi>
      </p>
    </ConfirmDialog>
  );
}
