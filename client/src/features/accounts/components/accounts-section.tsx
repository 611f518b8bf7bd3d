import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { sessionStore } from '../../../state/index.ts';
import { FormAlert } from '../../../components/form-fields.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useUnlockAccount } from '../../security/index.ts';
import type { AdminAccount } from '../types.ts';
import type { Institution } from '../../institutions/index.ts';
import type { Role } from '../../roles/index.ts';
import { AccountDialog } from './account-dialog.tsx';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { AccessTable, RowActions, SectionToolbar, type Heading } from '../../../components/section-parts.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';

const HEADINGS: readonly Heading[] = [
  { id: 'accounts_admin.accounts.id' },
  { id: 'accounts_admin.accounts.name' },
  { id: 'accounts_admin.accounts.job_title' },
  { id: 'accounts_admin.accounts.role' },
  { id: 'accounts_admin.accounts.institution' },
  { id: 'accounts_admin.accounts.ae_title' },
  { id: 'accounts_admin.accounts.referring_physician' },
  { id: 'accounts_admin.accounts.locked' },
];

interface AccountsSectionProps {
  accounts: readonly AdminAccount[] | undefined;
  roles: readonly Role[];
  institutions: readonly Institution[];
}

/** Accounts: who can sign in, with which role. */
export const AccountsSection = observer(function AccountsSection({ accounts, roles, institutions }: AccountsSectionProps) {
  const { dialog, open, close } = useDialogState<AdminAccount>();
  const remove = useDeleteAccount();
  const unlock = useUnlockAccount();
  const [unlocked, setUnlocked] = useState<string>();
  const timeZone = sessionStore.configs?.time_zone || undefined;
  const institutionName = (no: number) => institutions.find((institution) => institution.No === no)?.Name ?? String(no);
  const rows = accounts ?? [];

  return (
    <section className="access-section" aria-labelledby="access-accounts-title">
      <SectionToolbar
        titleId="access-accounts-title"
        title={<FormattedMessage id="accounts_admin.tabs.accounts" />}
        count={<FormattedMessage id="accounts_admin.accounts.count" values={{ count: rows.length }} />}
        addLabel={<FormattedMessage id="accounts_admin.accounts.add" />}
        onAdd={() => open({ name: 'add' })}
        addDisabled={roles.length === 0}
      />
      {unlocked && (
        <FormAlert tone="success">
          <FormattedMessage id="accounts_admin.accounts.unlocked" values={{ id: unlocked }} />
        </FormAlert>
      )}
      <AccessTable headings={HEADINGS} rows={accounts}>
        {rows.map((account) => (
          <tr key={account.Id}>
            <th scope="row" className="access-key">
              {account.Id}
            </th>
            <td>{account.Name}</td>
            <td>{account.Title}</td>
            <td>{account.RoleName}</td>
            <td>{institutionName(account.Institution)}</td>
            <td>{account.AETitle ? <span className="mono">{account.AETitle}</span> : '—'}</td>
            <td>{account.ReferringPhysicianName || '—'}</td>
            <td>{account.LockedAt ? formatDateTime(account.LockedAt, timeZone) : '—'}</td>
            <td className="access-actions">
              {account.LockedAt && (
                <button
                  type="button"
                  className="button button-small"
                  disabled={unlock.isPending}
                  onClick={() => unlock.mutate(account.Id, { onSuccess: () => setUnlocked(account.Id) })}
                >
                  <FormattedMessage id="accounts_admin.accounts.unlock" />
                </button>
              )}
              <RowActions
                name={account.Id}
                onEdit={() => open({ name: 'edit', item: account })}
                onDelete={() => open({ name: 'delete', item: account })}
              />
            </td>
          </tr>
        ))}
      </AccessTable>
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <AccountDialog
          {...(dialog.name === 'edit' ? { account: dialog.item } : {})}
          accounts={rows}
          roles={roles}
          institutions={institutions}
          onClose={close}
        />
      )}
      {dialog?.name === 'delete' && (
        <DeleteDialog
          title={<FormattedMessage id="accounts_admin.accounts.delete_title" />}
          subject={`${dialog.item.Id}${dialog.item.Name ? ` (${dialog.item.Name})` : ''}`}
          onDelete={() => remove.mutateAsync(dialog.item.Id)}
          onClose={close}
        />
      )}
    </section>
  );
});
