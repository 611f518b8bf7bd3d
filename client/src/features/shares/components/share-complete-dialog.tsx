/**
 * Share completion (spec 3 §2): the message and, for a guest share, the read-only access key,
 * with the ways to hand the share on (QR code, e-mail) once its details are loaded.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShareItem, ShareKind } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import type { CreatedShare } from '../api/save-share.ts';
import { useSharesOf } from '../api/get-shares-of.ts';
import { SHARE_MESSAGES as M } from '../messages.ts';
import { Icon } from '../../../components/icons.tsx';

export interface ShareCompleteDialogProps {
  kind: ShareKind;
  /** The shared study's UID or patient's ID. */
  subjectId: string;
  created: CreatedShare;
  onQr: (share: ShareItem) => void;
  onMail: (share: ShareItem) => void;
  onClose: () => void;
}

export function ShareCompleteDialog({ kind, subjectId, created, onQr, onMail, onClose }: ShareCompleteDialogProps) {
  const intl = useIntl();
  const shares = useSharesOf(kind, subjectId);
  const share = shares.data?.find((item) => item.No === created.No);
  return (
    <Dialog
      title={intl.formatMessage(M.complete_title)}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button" disabled={!share} onClick={() => share && onQr(share)}>
            <Icon name="qr" size={16} strokeWidth={1.9} />
            {intl.formatMessage(M.qr)}
          </button>
          <button type="button" className="button" disabled={!share} onClick={() => share && onMail(share)}>
            <Icon name="mail" size={16} strokeWidth={1.9} />
            {intl.formatMessage(M.mail)}
          </button>
          <button type="button" className="button button-primary" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
        </>
      }
    >
      <p role="status">{intl.formatMessage(kind === 'study' ? M.complete_study : M.complete_patient)}</p>
      {created.AccessKey && (
        <div className="field">
          <label className="field-label" htmlFor="share-complete-key">
            {intl.formatMessage(M.access_key)}
          </label>
          <input
            id="share-complete-key"
            className="input mono"
            readOnly
            value={created.AccessKey}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      )}
    </Dialog>
  );
}
