/**
 * /share/study and /share/patient (spec 3 §2): the shares the user made (administrators: all) in
 * a table with the configured columns. After an edit the list reloads, the edited share is
 * selected and its information opens half a second later, so the user sees what changed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ShareKind } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { getSharesQueryOptions, useShares } from '../api/get-shares.ts';
import { shareColumns, visibleShareColumns } from '../share-columns.ts';
import { SHARE_MESSAGES as M } from '../messages.ts';
import { ShareDialogs, type ShareDialogState } from './share-dialogs.tsx';
import { useFormatContext } from './share-info-dialog.tsx';
import { ShareTable } from './share-table.tsx';
import '../shares.css';
import { PageHeader } from '../../../components/page-header.tsx';

export const SHARE_INFO_DELAY_MS = 500;

const ShareScreen = observer(function ShareScreen({ kind }: { kind: ShareKind }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const shares = useShares(kind);
  const [selectedNo, setSelectedNo] = useState<number | null>(null);
  const [dialog, setDialog] = useState<ShareDialogState | null>(null);
  const context = useFormatContext();
  const columns = visibleShareColumns(shareColumns(sessionStore.configs, kind));
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const edited = async (editedKind: ShareKind, no: number) => {
    const list = await queryClient.fetchQuery({ ...getSharesQueryOptions(editedKind), staleTime: 0 });
    setSelectedNo(no);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const share = list.find((item) => item.No === no);
      if (share) setDialog({ type: 'info', kind: editedKind, share });
    }, SHARE_INFO_DELAY_MS);
  };

  return (
    <div className="page share-page">
      <PageHeader title={intl.formatMessage(kind === 'study' ? M.study_shares : M.patient_shares)}>
        <span className="muted share-count" role="status">
          {shares.data && intl.formatMessage(M.count, { count: shares.data.length })}
        </span>
      </PageHeader>
      <ShareTable
        kind={kind}
        shares={shares.data ?? []}
        columns={columns}
        context={context}
        selectedNo={selectedNo}
        loading={shares.isPending}
        onSelect={(share) => setSelectedNo(share.No)}
        onCommand={(type, share) => setDialog({ type, kind, share })}
      />
      <ShareDialogs
        dialog={dialog}
        onChange={setDialog}
        onEdited={(editedKind, no) => void edited(editedKind, no)}
        onDeleted={() => setSelectedNo(null)}
      />
    </div>
  );
});

export function ShareStudyScreen() {
  return <ShareScreen kind="study" />;
}

export function SharePatientScreen() {
  return <ShareScreen kind="patient" />;
}
