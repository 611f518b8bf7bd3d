/**
 * One place that shows the share dialogs and moves between them (info → QR, e-mail, edit,
 * stop; create → completion → QR, e-mail), used by the share pages, the share list modal and the
 * study list's share action.
 */
import type { ShareItem, ShareKind } from '@pacs/common';
import type { CreatedShare } from '../api/save-share.ts';
import { ShareCompleteDialog } from './share-complete-dialog.tsx';
import { ShareDeleteDialog } from './share-delete-dialog.tsx';
import { ShareEditDialog, type ShareSubject } from './share-edit-dialog.tsx';
import { ShareInfoDialog } from './share-info-dialog.tsx';
import { ShareMailDialog } from './share-mail-dialog.tsx';
import { ShareQrDialog } from './share-qr-dialog.tsx';

export type ShareDialogState =
  | { type: 'info' | 'edit' | 'delete' | 'qr' | 'mail'; kind: ShareKind; share: ShareItem }
  | { type: 'create'; kind: ShareKind; subject: ShareSubject }
  | { type: 'complete'; kind: ShareKind; subject: ShareSubject; created: CreatedShare };

export interface ShareDialogsProps {
  dialog: ShareDialogState | null;
  onChange: (dialog: ShareDialogState | null) => void;
  /** A share was changed (not created): the caller reloads, selects it and reopens its info. */
  onEdited?: (kind: ShareKind, no: number) => void;
  onDeleted?: (kind: ShareKind, no: number) => void;
}

export function ShareDialogs({ dialog, onChange, onEdited, onDeleted }: ShareDialogsProps) {
  if (!dialog) return null;
  const close = () => onChange(null);
  switch (dialog.type) {
    case 'info': {
      const { kind, share } = dialog;
      return (
        <ShareInfoDialog
          kind={kind}
          share={share}
          onClose={close}
          onQr={() => onChange({ type: 'qr', kind, share })}
          onMail={() => onChange({ type: 'mail', kind, share })}
          onEdit={() => onChange({ type: 'edit', kind, share })}
          onDelete={() => onChange({ type: 'delete', kind, share })}
        />
      );
    }
    case 'edit':
      return (
        <ShareEditDialog
          kind={dialog.kind}
          share={dialog.share}
          onClose={close}
          onSaved={({ No }) => {
            close();
            onEdited?.(dialog.kind, No);
          }}
        />
      );
    case 'create':
      return (
        <ShareEditDialog
          kind={dialog.kind}
          subject={dialog.subject}
          onClose={close}
          onSaved={({ created }) =>
            created ? onChange({ type: 'complete', kind: dialog.kind, subject: dialog.subject, created }) : close()
          }
        />
      );
    case 'complete':
      return (
        <ShareCompleteDialog
          kind={dialog.kind}
          subjectId={dialog.subject.id}
          created={dialog.created}
          onClose={close}
          onQr={(share) => onChange({ type: 'qr', kind: dialog.kind, share })}
          onMail={(share) => onChange({ type: 'mail', kind: dialog.kind, share })}
        />
      );
    case 'delete':
      return (
        <ShareDeleteDialog
          kind={dialog.kind}
          share={dialog.share}
          onClose={close}
          onDeleted={() => {
            close();
            onDeleted?.(dialog.kind, dialog.share.No);
          }}
        />
      );
    case 'qr':
      return <ShareQrDialog kind={dialog.kind} share={dialog.share} onClose={close} />;
    case 'mail':
      return <ShareMailDialog kind={dialog.kind} share={dialog.share} onClose={close} />;
  }
}
