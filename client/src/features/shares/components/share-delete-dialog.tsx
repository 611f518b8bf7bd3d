/** The share-stop confirmation (spec 3 §2): stopping ends the recipient's access at once. */
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShareItem, ShareKind } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { useDeleteShare } from '../api/delete-share.ts';
import { formatPersonName } from '../../../lib/dicom-format.ts';
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
    <Dialog
      title={intl.formatMessage(M.stop_title)}
      onClose={onClose}
      size="small"
      tone="danger"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ kind, No: share.No }, { onSuccess: onDeleted })}
          >
            {intl.formatMessage(M.stop)}
          </button>
        </>
      }
    >
      <p>{intl.formatMessage(M.stop_question)}</p>
      <p className="muted">
        <bdi>{[share.PatientID, formatPersonName(share.PatientName)].filter(Boolean).join(' · ')}</bdi>
        {' → '}
        <bdi>{share.Type === 'guest' ? intl.formatMessage(SHARE_TYPE_LABELS.guest) : share.SharedWith}</bdi>
      </p>
    </Dialog>
  );
}
