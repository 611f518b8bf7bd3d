/**
 * Share information (spec 3 §2): every field of a share, its access key and its links, with the
 * ways on: QR code, e-mail, edit and stop sharing.
 */
import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShareItem, ShareKind } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { sessionStore } from '../../../state/index.ts';
import { DEFAULT_DATE_FORMAT } from '../../../lib/dicom-format.ts';
import { type FormatContext } from '../../studies/index.ts';
import { formatShareCell } from '../share-columns.ts';
import { shareLink, sharePages } from '../share-links.ts';
import { SHARE_MESSAGES as M, SHARE_PAGE_LABELS, SHARE_TYPE_LABELS, shareFieldLabel } from '../messages.ts';
import { Icon } from '../../../components/icons.tsx';
import { DefinitionRow, DefinitionTable } from '../../../components/definition-table.tsx';
import '../shares.css';

const STUDY_FIELDS = [
  'PatientID',
  'PatientName',
  'PatientBirthDate',
  'PatientSex',
  'StudyDateTime',
  'ModalitiesInStudy',
  'StudyDescription',
  'StudyInstanceUID',
] as const;
const PATIENT_FIELDS = ['PatientID', 'PatientName', 'PatientBirthDate', 'PatientSex', 'Modality'] as const;
const SHARE_FIELDS = ['SharedWith', 'SharedBy', 'ExpiresAt', 'CreatedAt', 'UpdatedAt'] as const;

export function useFormatContext(): FormatContext {
  const configs = sessionStore.configs;
  return {
    dateFormat: configs?.date_format || DEFAULT_DATE_FORMAT,
    timeZone: configs?.time_zone || undefined,
    nameForm: configs?.patient_name?.ja,
  };
}

export interface ShareInfoDialogProps {
  kind: ShareKind;
  share: ShareItem;
  onClose: () => void;
  onQr: () => void;
  onMail: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export const ShareInfoDialog = observer(function ShareInfoDialog({
  kind,
  share,
  onClose,
  onQr,
  onMail,
  onEdit,
  onDelete,
}: ShareInfoDialogProps) {
  const intl = useIntl();
  const context = useFormatContext();
  const fields = [...(kind === 'study' ? STUDY_FIELDS : PATIENT_FIELDS), ...SHARE_FIELDS];
  return (
    <Dialog
      title={intl.formatMessage(M.info_title)}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button share-stop" onClick={onDelete}>
            <Icon name="delete" size={16} strokeWidth={1.9} />
            {intl.formatMessage(M.stop)}
          </button>
          <span className="share-footer-gap" />
          <button type="button" className="button" onClick={onQr}>
            <Icon name="qr" size={16} strokeWidth={1.9} />
            {intl.formatMessage(M.qr)}
          </button>
          <button type="button" className="button" onClick={onMail}>
            <Icon name="mail" size={16} strokeWidth={1.9} />
            {intl.formatMessage(M.mail)}
          </button>
          <button type="button" className="button" onClick={onEdit}>
            <Icon name="edit" size={16} strokeWidth={1.9} />
            {intl.formatMessage(M.edit)}
          </button>
          <button type="button" className="button button-primary" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
        </>
      }
    >
      <DefinitionTable className="share-info">
        <DefinitionRow label={intl.formatMessage(M.type)} field="Type">
          {intl.formatMessage(SHARE_TYPE_LABELS[share.Type])}
        </DefinitionRow>
        {fields.map((key) => (
          <DefinitionRow key={key} label={shareFieldLabel(intl, key)} field={key}>
            <bdi>{formatShareCell(key, share, context, intl.formatMessage(SHARE_TYPE_LABELS.guest))}</bdi>
          </DefinitionRow>
        ))}
        {share.AccessKey && (
          <DefinitionRow label={intl.formatMessage(M.access_key)} field="AccessKey" cellClassName="mono">
            {share.AccessKey}
          </DefinitionRow>
        )}
        {sharePages(kind).map((page) => {
          const link = shareLink(window.location.origin, page, kind, share);
          return (
            <DefinitionRow key={page} label={intl.formatMessage(SHARE_PAGE_LABELS[page])} cellClassName="share-link-cell">
              <a href={link} target="_blank" rel="noopener noreferrer" className="mono" data-link={page}>
                {link}
              </a>
            </DefinitionRow>
          );
        })}
      </DefinitionTable>
    </Dialog>
  );
});
