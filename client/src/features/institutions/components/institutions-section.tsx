import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_INSTITUTION_NO } from '@pacs/common';
import { useDeleteInstitution } from '../api/delete-institution.ts';
import { targetsSummary } from '../../roles/index.ts';
import type { Institution } from '../types.ts';
import type { Role } from '../../roles/index.ts';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { InstitutionDialog } from './institution-dialog.tsx';
import { AccessTable, RowActions, SectionToolbar, type Heading } from '../../../components/section-parts.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';

const HEADINGS: readonly Heading[] = [
  { id: 'accounts_admin.no', className: 'access-no' },
  { id: 'accounts_admin.institutions.name' },
  { id: 'accounts_admin.institutions.address' },
  { id: 'accounts_admin.institutions.email' },
  { id: 'accounts_admin.institutions.phone' },
  { id: 'accounts_admin.targets.title' },
  { id: 'accounts_admin.institutions.roles' },
];

interface InstitutionsSectionProps {
  institutions: readonly Institution[] | undefined;
  roles: readonly Role[];
}

/** Institutions: the organisations roles belong to, and the studies each reaches. */
export function InstitutionsSection({ institutions, roles }: InstitutionsSectionProps) {
  const intl = useIntl();
  const { dialog, open, close } = useDialogState<Institution>();
  const remove = useDeleteInstitution();
  const rows = institutions ?? [];
  const roleCount = (no: number) => roles.filter((role) => role.Institution === no).length;

  return (
    <section className="access-section" aria-labelledby="access-institutions-title">
      <SectionToolbar
        titleId="access-institutions-title"
        title={<FormattedMessage id="accounts_admin.tabs.institutions" />}
        count={<FormattedMessage id="accounts_admin.institutions.count" values={{ count: rows.length }} />}
        addLabel={<FormattedMessage id="accounts_admin.institutions.add" />}
        onAdd={() => open({ name: 'add' })}
      />
      <AccessTable headings={HEADINGS} rows={institutions}>
        {rows.map((institution) => (
          <tr key={institution.No}>
            <td className="access-no">{institution.No}</td>
            <th scope="row" className="access-key">
              {institution.Name}
            </th>
            <td>{institution.Address || '—'}</td>
            <td>{institution.Email || '—'}</td>
            <td>{institution.Phone || '—'}</td>
            <td className="access-summary">{targetsSummary(institution.Targets, intl)}</td>
            <td className="access-count">{roleCount(institution.No)}</td>
            <td className="access-actions">
              <RowActions
                name={institution.Name}
                onEdit={() => open({ name: 'edit', item: institution })}
                // Institution 0 is the installation itself: it stays.
                {...(institution.No === DEFAULT_INSTITUTION_NO ? {} : { onDelete: () => open({ name: 'delete', item: institution }) })}
              />
            </td>
          </tr>
        ))}
      </AccessTable>
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <InstitutionDialog {...(dialog.name === 'edit' ? { institution: dialog.item } : {})} institutions={rows} onClose={close} />
      )}
      {dialog?.name === 'delete' && (
        <DeleteDialog
          title={<FormattedMessage id="accounts_admin.institutions.delete_title" />}
          subject={dialog.item.Name}
          onDelete={() => remove.mutateAsync(dialog.item.No)}
          onClose={close}
        />
      )}
    </section>
  );
}
