import { FormattedMessage } from 'react-intl';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { AccessTable, SectionToolbar, type Heading } from '../../../components/section-parts.tsx';
import { useDeleteDicomUser } from '../api/delete-dicom-user.ts';
import { dicomUserEcho } from '../echo.ts';
import type { DicomUser, Provider } from '../types.ts';
import { DicomUserDialog } from './dicom-user-dialog.tsx';
import { EchoDialog } from './echo-dialog.tsx';
import { NodeActions, useNodeDialogState } from './node-actions.tsx';
import { PingDialog } from './ping-dialog.tsx';

const HEADINGS: readonly Heading[] = [
  { id: 'network.name' },
  { id: 'network.ae_title' },
  { id: 'network.ip_address' },
  { id: 'network.port', className: 'network-number' },
];

/** How a DICOM user is named in buttons and dialogs: its name, else its AE title. */
const label = (user: DicomUser) => user.Name || user.AETitle;

interface DicomUsersSectionProps {
  users: readonly DicomUser[] | undefined;
  providers: readonly Provider[];
}

/** DICOM users: the modalities allowed to store into and query the archive. */
export function DicomUsersSection({ users, providers }: DicomUsersSectionProps) {
  const { dialog, open, close } = useNodeDialogState<DicomUser>();
  const remove = useDeleteDicomUser();
  const rows = users ?? [];
  const providerOf = (user: DicomUser) => providers.find((provider) => provider.No === user.Provider) ?? providers[0];

  return (
    <section className="access-section network-section" aria-labelledby="network-users-title">
      <SectionToolbar
        titleId="network-users-title"
        title={<FormattedMessage id="network.users.title" />}
        count={<FormattedMessage id="network.users.count" values={{ count: rows.length }} />}
        addLabel={<FormattedMessage id="network.users.add" />}
        onAdd={() => open({ name: 'add' })}
        addDisabled={providers.length === 0}
      />
      <p className="muted network-section-text">
        <FormattedMessage id="network.users.description" />
      </p>
      <AccessTable headings={HEADINGS} rows={users}>
        {rows.map((user) => (
          <tr key={user.No}>
            <th scope="row" className="access-key">
              {user.Name || <span className="muted">—</span>}
            </th>
            <td className="mono">{user.AETitle}</td>
            <td className="mono">{user.IPAddress}</td>
            <td className="mono network-number">{user.Port}</td>
            <td className="access-actions">
              <NodeActions name={label(user)} item={user} open={open} />
            </td>
          </tr>
        ))}
      </AccessTable>
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <DicomUserDialog {...(dialog.name === 'edit' ? { user: dialog.item } : {})} users={rows} providers={providers} onClose={close} />
      )}
      {dialog?.name === 'delete' && (
        <DeleteDialog
          title={<FormattedMessage id="network.users.delete_title" />}
          subject={`${label(dialog.item)} — ${dialog.item.AETitle} ${dialog.item.IPAddress}:${dialog.item.Port}`}
          onDelete={() => remove.mutateAsync(dialog.item.No)}
          onClose={close}
        />
      )}
      {dialog?.name === 'echo' && (
        <EchoDialog
          subject={label(dialog.item)}
          request={dicomUserEcho(dialog.item, providerOf(dialog.item) ?? { AETitle: '' })}
          onClose={close}
        />
      )}
      {dialog?.name === 'ping' && <PingDialog subject={label(dialog.item)} ipAddress={dialog.item.IPAddress} onClose={close} />}
    </section>
  );
}
