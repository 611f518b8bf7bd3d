import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { MASTER_ROLE_NO } from '@pacs/common';
import { Icon } from '../../../components/icons.tsx';
import { sessionStore } from '../../../state/index.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { KIND_LABELS, PERMISSION_LABELS, STUDY_ACCESS_LABELS } from '../messages.ts';
import { grantedKeys } from '../permission-grid.ts';
import { targetsSummary } from '../targets.ts';
import type { Institution } from '../../institutions/index.ts';
import type { Role } from '../types.ts';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { RoleDialog } from './role-dialog.tsx';
import { AccessTable, RowActions, SectionToolbar, type Heading } from '../../../components/section-parts.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import '../roles.css';

/** How many permission names the table shows before "+N". */
const SUMMARY_NAMES = 3;

const HEADINGS: readonly Heading[] = [
  { id: 'accounts_admin.no', className: 'access-no' },
  { id: 'accounts_admin.roles.name' },
  { id: 'accounts_admin.roles.institution' },
  { id: 'accounts_admin.roles.permissions' },
  { id: 'accounts_admin.targets.title' },
  { id: 'accounts_admin.roles.study_access' },
  { id: 'accounts_admin.roles.accounts' },
];

interface RolesSectionProps {
  roles: readonly Role[] | undefined;
  institutions: readonly Institution[];
}

/** Roles: what their accounts may do and which studies they reach. */
export const RolesSection = observer(function RolesSection({ roles, institutions }: RolesSectionProps) {
  const intl = useIntl();
  const { dialog, open, close } = useDialogState<Role>();
  const remove = useDeleteRole();
  const edition = sessionStore.edition;
  const rows = roles ?? [];
  const institutionName = (no: number) => institutions.find((institution) => institution.No === no)?.Name ?? String(no);
  const masterFixed = intl.formatMessage({ id: 'accounts_admin.roles.master_fixed' });

  const permissionsSummary = (role: Role) => {
    const keys = grantedKeys(role.Permissions);
    if (keys.includes('all')) return intl.formatMessage(PERMISSION_LABELS.all);
    if (keys.length === 0) return intl.formatMessage({ id: 'accounts_admin.roles.no_permissions' });
    const names = keys.slice(0, SUMMARY_NAMES).map((key) => intl.formatMessage(PERMISSION_LABELS[key]));
    const more = keys.length - names.length;
    return more > 0
      ? intl.formatMessage({ id: 'accounts_admin.roles.permissions_more' }, { names: names.join(', '), more })
      : names.join(', ');
  };

  return (
    <section className="access-section" aria-labelledby="access-roles-title">
      <SectionToolbar
        titleId="access-roles-title"
        title={<FormattedMessage id="accounts_admin.tabs.roles" />}
        count={<FormattedMessage id="accounts_admin.roles.count" values={{ count: rows.length }} />}
        addLabel={<FormattedMessage id="accounts_admin.roles.add" />}
        onAdd={() => open({ name: 'add' })}
      />
      <AccessTable headings={HEADINGS} rows={roles}>
        {rows.map((role) => {
          const master = role.No === MASTER_ROLE_NO;
          return (
            <tr key={role.No} className={master ? 'access-row-fixed' : undefined}>
              <td className="access-no">{role.No}</td>
              <th scope="row" className="access-key">
                {role.Name}
                {role.Teleradiology && <span className="badge">{intl.formatMessage(KIND_LABELS[role.Teleradiology])}</span>}
                {role.Title && role.Title !== role.Name && <div className="muted access-sub">{role.Title}</div>}
              </th>
              <td>{institutionName(role.Institution)}</td>
              <td>{permissionsSummary(role)}</td>
              <td className="access-summary">{targetsSummary(role.Targets, intl)}</td>
              <td>{intl.formatMessage(STUDY_ACCESS_LABELS[role.StudyAccess])}</td>
              <td className="access-count">{role.account_items.length}</td>
              <td className="access-actions">
                {master ? (
                  <span className="access-locked" title={masterFixed}>
                    <Icon name="lock" size={16} />
                    <span className="visually-hidden">{masterFixed}</span>
                  </span>
                ) : (
                  <RowActions
                    name={role.Name}
                    onEdit={() => open({ name: 'edit', item: role })}
                    onDelete={() => open({ name: 'delete', item: role })}
                  />
                )}
              </td>
            </tr>
          );
        })}
      </AccessTable>
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <RoleDialog
          {...(dialog.name === 'edit' ? { role: dialog.item } : {})}
          roles={rows}
          institutions={institutions}
          edition={edition}
          onClose={close}
        />
      )}
      {dialog?.name === 'delete' && (
        <DeleteDialog
          title={<FormattedMessage id="accounts_admin.roles.delete_title" />}
          subject={dialog.item.Name}
          onDelete={() => remove.mutateAsync(dialog.item.No)}
          onClose={close}
        />
      )}
    </section>
  );
});
