/**
 * The share list modal (spec 3 §2), opened from the study list for the selected study: its study
 * shares and its patient's shares on two tabs. A tab without items is disabled; the modal opens
 * on the patient tab when the study has no shares of its own.
 */
import { useQueryClient } from '@tanstack/react-query';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShareKind } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { sessionStore } from '../../../state/index.ts';
import { getSharesOfQueryOptions, useSharesOf } from '../api/get-shares-of.ts';
import { shareColumns, visibleShareColumns } from '../share-columns.ts';
import { SHARE_MESSAGES as M } from '../messages.ts';
import { initialTab } from '../share-list-tabs.ts';
import { ShareDialogs, type ShareDialogState } from './share-dialogs.tsx';
import { useFormatContext } from './share-info-dialog.tsx';
import { ShareTable } from './share-table.tsx';
import { SHARE_INFO_DELAY_MS } from './share-screen.tsx';
import '../shares.css';

export interface ShareListModalProps {
  studyInstanceUid: string;
  patientId: string;
  onClose: () => void;
}

export const ShareListModal = observer(function ShareListModal({ studyInstanceUid, patientId, onClose }: ShareListModalProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const studyShares = useSharesOf('study', studyInstanceUid);
  const patientShares = useSharesOf('patient', patientId);
  const [tab, setTab] = useState<ShareKind | null>(null);
  const [selected, setSelected] = useState<{ kind: ShareKind; no: number } | null>(null);
  const [dialog, setDialog] = useState<ShareDialogState | null>(null);
  const context = useFormatContext();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const counts = { study: studyShares.data?.length ?? 0, patient: patientShares.data?.length ?? 0 };
  const loaded = studyShares.isSuccess && patientShares.isSuccess;
  const shown = tab ?? (loaded ? initialTab(counts) : 'study');
  const lists = { study: studyShares.data ?? [], patient: patientShares.data ?? [] };

  const edited = async (kind: ShareKind, no: number) => {
    const list = await queryClient.fetchQuery({
      ...getSharesOfQueryOptions(kind, kind === 'study' ? studyInstanceUid : patientId),
      staleTime: 0,
    });
    setSelected({ kind, no });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const share = list.find((item) => item.No === no);
      if (share) setDialog({ type: 'info', kind, share });
    }, SHARE_INFO_DELAY_MS);
  };

  // While a share dialog is open it replaces this one, so Esc closes only the top dialog.
  if (dialog) {
    return (
      <ShareDialogs
        dialog={dialog}
        onChange={setDialog}
        onEdited={(kind, no) => void edited(kind, no)}
        onDeleted={() => setSelected(null)}
      />
    );
  }

  return (
    <Dialog
      title={intl.formatMessage(M.list_title)}
      onClose={onClose}
      size="large"
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </button>
      }
    >
      <div className="access-tabs" role="tablist">
        {(['study', 'patient'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            className="access-tab"
            aria-selected={shown === kind}
            disabled={loaded && counts[kind] === 0}
            onClick={() => setTab(kind)}
          >
            {intl.formatMessage(kind === 'study' ? M.tab_study : M.tab_patient)} ({counts[kind]})
          </button>
        ))}
      </div>
      <div role="tabpanel" className="share-list-panel">
        <ShareTable
          kind={shown}
          shares={lists[shown]}
          columns={visibleShareColumns(shareColumns(sessionStore.configs, shown))}
          context={context}
          selectedNo={selected?.kind === shown ? selected.no : null}
          loading={!loaded}
          // Selecting a share deselects the other kind (spec 3 §3).
          onSelect={(share) => setSelected({ kind: shown, no: share.No })}
          onCommand={(type, share) => setDialog({ type, kind: shown, share })}
        />
      </div>
    </Dialog>
  );
});
