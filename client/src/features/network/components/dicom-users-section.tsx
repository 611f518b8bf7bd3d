import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { AccessTable, RowActions, SectionToolbar, type Heading } from '../../../components/section-parts.tsx';
import { useDeleteDicomUser } from '../api/delete-dicom-user.ts';
import { dicomUserEcho } from '../echo.ts';
import type { DicomUser, Provider } from '../types.ts';
import { DicomUserDialog } from './dicom-user-dialog.tsx';
import { EchoDialog } from './echo-dialog.tsx';
import { NodeActions, useNodeDialogState, type NodeDialogState } from './node-actions.tsx';
import { PingDialog } from './ping-dialog.tsx';

const HEADINGS: readonly Heading[] = [
  { id: 'network.name' },
  { id: 'network.ae_title', className: 'network-wide-only' },
  { id: 'network.ip_address', className: 'network-wide-only' },
  { id: 'network.port', className: 'network-number network-wide-only' },
];

/** How a DICOM user is named in buttons and dialogs: its name, else its AE title. */
const label = (user: DicomUser) => user.Name || user.AETitle;

interface DicomUsersSectionProps {
  users: readonly DicomUser[] | undefined;
  providers: readonly Provider[];
}

/** DICOM users: the modalities allowed to store into and query the archive (admin/client/connection). */
export function DicomUsersSection({ users, providers }: DicomUsersSectionProps) {
  const { dialog, open, close } = useNodeDialogState<DicomUser>();
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
      <DicomUsersTable users={users} actions={(user) => <NodeActions name={label(user)} item={user} open={open} />} />
      <DicomUserDialogs dialog={dialog} close={close} users={rows} providers={providers} />
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

/**
 * The DICOM users of a connector's provider (cloud and teleradiology editions), under that
 * provider in its connector's card. They are modalities at the site, reached only through the
 * relay, so the archive offers no echo or ping to them: only add, edit and delete.
 */
export function ConnectorProviderUsers({ provider }: { provider: Provider }) {
  const intl = useIntl();
  const { dialog, open, close } = useNodeDialogState<DicomUser>();
  const name = provider.Name || provider.AETitle;
  const titleId = `provider-${provider.No}-users-title`;
  return (
    <div className="network-provider-users" role="group" aria-labelledby={titleId}>
      <div className="network-section-head">
        <h5 id={titleId} className="network-subtitle network-subtitle-small">
          <FormattedMessage id="network.connectors.users_title" values={{ name, count: provider.user_items.length }} />
        </h5>
        <button
          type="button"
          className="button button-small"
          onClick={() => open({ name: 'add' })}
          aria-label={intl.formatMessage({ id: 'network.connectors.user_add_named' }, { name })}
        >
          <FormattedMessage id="network.users.add" />
        </button>
      </div>
      {provider.user_items.length > 0 && (
        <DicomUsersTable
          users={provider.user_items}
          actions={(user) => (
            <RowActions
              name={label(user)}
              onEdit={() => open({ name: 'edit', item: user })}
              onDelete={() => open({ name: 'delete', item: user })}
            />
          )}
        />
      )}
      <DicomUserDialogs dialog={dialog} close={close} users={provider.user_items} providers={[provider]} />
    </div>
  );
}

function DicomUsersTable({ users, actions }: { users: readonly DicomUser[] | undefined; actions: (user: DicomUser) => ReactNode }) {
  return (
    <AccessTable headings={HEADINGS} rows={users}>
      {(users ?? []).map((user) => (
        <tr key={user.No}>
          <th scope="row" className="access-key">
            {user.Name || <span className="muted">—</span>}
            {/* On a phone the row is its name over the node (AE title, address:port): two columns fit. */}
            <span className="network-narrow-only network-cell-note mono">{user.AETitle}</span>
            <span className="network-narrow-only network-cell-note mono">
              {user.IPAddress}:{user.Port}
            </span>
          </th>
          <td className="mono network-wide-only">{user.AETitle}</td>
          <td className="mono network-wide-only">{user.IPAddress}</td>
          <td className="mono network-number network-wide-only">{user.Port}</td>
          <td className="access-actions">{actions(user)}</td>
        </tr>
      ))}
    </AccessTable>
  );
}

interface DicomUserDialogsProps {
  dialog: NodeDialogState<DicomUser>;
  close: () => void;
  users: readonly DicomUser[];
  providers: readonly Provider[];
}

/** Add, edit and delete of a DICOM user, for both tables. */
function DicomUserDialogs({ dialog, close, users, providers }: DicomUserDialogsProps) {
  const remove = useDeleteDicomUser();
  return (
    <>
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <DicomUserDialog {...(dialog.name === 'edit' ? { user: dialog.item } : {})} users={users} providers={providers} onClose={close} />
      )}
      {dialog?.name === 'delete' && (
        <DeleteDialog
          title={<FormattedMessage id="network.users.delete_title" />}
          subject={`${label(dialog.item)} — ${dialog.item.AETitle} ${dialog.item.IPAddress}:${dialog.item.Port}`}
          onDelete={() => remove.mutateAsync(dialog.item.No)}
          onClose={close}
        />
      )}
    </>
  );
}
