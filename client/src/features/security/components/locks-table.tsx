import { FormattedMessage } from 'react-intl';
import { DataTable } from '../../../components/section-parts.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuthLockedMonth } from '../api/get-auth-locked-month.ts';

const HEADINGS = [
  { id: 'admin.security.locks.id' },
  { id: 'admin.security.locks.name' },
  { id: 'admin.security.locks.locked_at' },
  { id: 'admin.security.locks.ip_address' },
];

/** Accounts locked this calendar month. */
export function LocksTable({ timeZone }: { timeZone?: string }) {
  const locks = useAuthLockedMonth();
  return (
    <section aria-labelledby="locks-title">
      <h2 id="locks-title" className="card-title">
        <FormattedMessage id="admin.security.locks.title" />
      </h2>
      <DataTable headings={HEADINGS} rows={locks.isPending ? undefined : (locks.data ?? [])}>
        {locks.data?.map((row) => (
          <tr key={`${row.Id}-${row.LockedAt}`}>
            <td>{row.Id}</td>
            <td>{row.Name}</td>
            <td>{formatDateTime(row.LockedAt, timeZone)}</td>
            <td className="mono">{row.IPAddress}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
