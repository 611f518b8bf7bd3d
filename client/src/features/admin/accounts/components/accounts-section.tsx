import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionStore } from '../../../../app/stores/index.ts';
import { FormAlert } from '../../../../components/form-fields.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useUnlockAccount } from '../api/unlock-account.ts';
import type { AdminAccount, Institution, Role } from '../types.ts';
import { AccountDialog } from './account-dialog.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { RowActions, SectionToolbar, TableStatus } from './section-parts.tsx';
import { useDialogState } from './use-dialog-state.ts';

interface AccountsSectionProps {
  accounts: readonly AdminAccount[] | undefined;
  roles: readonly Role[];
  institutions: readonly Institution[];
}

const COLUMNS = 9;

/** Accounts: who can sign in, with which role. */
export const AccountsSection = observer(function AccountsSection({ accounts, roles, institutions }: AccountsSectionProps) {
  const intl = useIntl();
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
      <div className="table-wrap">
        <table className="table access-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="accounts_admin.accounts.id" />
              </th>
              <th scope="col">
                <FormattedMessage id="accounts_admin.accounts.name" />
              </th>
              <th scope="col">
                <FormattedMessage id="accounts_admin.accounts.job_title" />
              </th>
              <th scope="col">
                <FormattedMessage id="accounts_admin.accounts.role" />
              </th>
              <th scope="col">
                <FormattedMessage id="accounts_admin.accounts.institution" />
              </th>
              <th scope="col">
                <FormattedMessage id="accounts_admin.accounts.ae_title" />
              </th>
              <th scope="col">
                <FormattedMessage id="accounts_admin.accounts.referring_physician" />
              </th>
              <th scope="col">
                <FormattedMessage id="accounts_admin.accounts.locked" />
              </th>
              <th scope="col" className="access-actions-head">
                <span className="visually-hidden">
                  <FormattedMessage id="accounts_admin.actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts === undefined || rows.length === 0 ? (
              <TableStatus columns={COLUMNS} loading={accounts === undefined} />
            ) : (
              rows.map((account) => (
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
                  <td>{account.LockedAt ? formatDateTime(account.LockedAt, intl.locale, timeZone) : '—'}</td>
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
              ))
            )}
          </tbody>
        </table>
      </div>
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
