/**
 * The study list's Share button: a small menu to share the selected study, share its patient, or
 * see the shares that exist for it (the share list modal). Needs a selected study.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StudyItem } from '@pacs/common';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import { SHARE_MESSAGES as M } from '../messages.ts';
import { ShareDialogs, type ShareDialogState } from './share-dialogs.tsx';
import type { ShareSubject } from './share-edit-dialog.tsx';
import { Icon } from '../../../components/icons.tsx';
import { ShareListModal } from './share-list-modal.tsx';
import '../shares.css';

export interface ShareActionProps {
  label: string;
  /** The first selected study, if any. */
  study: StudyItem | undefined;
  /** Called after a share was made, so the list can show the study as shared. */
  onShared?: () => void;
}

function subjectOf(study: StudyItem, kind: 'study' | 'patient'): ShareSubject {
  const patient = [study.PatientID, formatPersonName(study.PatientName, sessionStore.nameForm)].filter(Boolean).join(' · ');
  return kind === 'study'
    ? { kind, id: study.StudyInstanceUID, label: [patient, study.StudyDescription].filter(Boolean).join(' · ') }
    : { kind, id: study.PatientID, label: patient };
}

export const ShareAction = observer(function ShareAction({ label, study, onShared }: ShareActionProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<ShareDialogState | null>(null);
  const [listFor, setListFor] = useState<StudyItem | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };

  const changeDialog = (next: ShareDialogState | null) => {
    if (next?.type === 'complete') onShared?.();
    setDialog(next);
  };

  return (
    <div className="share-action" ref={root}>
      <button
        type="button"
        className="tool-button"
        disabled={!study}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="share" size={16} strokeWidth={1.9} />
        {label}
        <span className="tool-caret" aria-hidden="true" />
      </button>
      {open && study && (
        <div className="menu share-menu" role="menu">
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => choose(() => setDialog({ type: 'create', kind: 'study', subject: subjectOf(study, 'study') }))}
          >
            {intl.formatMessage(M.share_study)}
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            disabled={!study.PatientID}
            onClick={() => choose(() => setDialog({ type: 'create', kind: 'patient', subject: subjectOf(study, 'patient') }))}
          >
            {intl.formatMessage(M.share_patient)}
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={() => choose(() => setListFor(study))}>
            {intl.formatMessage(M.show_shares)}
          </button>
        </div>
      )}
      <ShareDialogs dialog={dialog} onChange={changeDialog} />
      {listFor && (
        <ShareListModal studyInstanceUid={listFor.StudyInstanceUID} patientId={listFor.PatientID} onClose={() => setListFor(null)} />
      )}
    </div>
  );
});
