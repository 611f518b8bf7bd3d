import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuthLockedMonth } from '../api/get-auth-locked-month.ts';

/** Accounts locked this calendar month. */
export function LocksTable({ timeZone }: { timeZone?: string }) {
  const intl = useIntl();
  const locks = useAuthLockedMonth();
  const rows = locks.data ?? [];
  return (
    <section aria-labelledby="locks-title">
      <h2 id="locks-title" className="card-title">
        <FormattedMessage id="admin.security.locks.title" />
      </h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="admin.security.locks.id" />
              </th>
              <th scope="col">
                <FormattedMessage id="admin.security.locks.name" />
              </th>
              <th scope="col">
                <FormattedMessage id="admin.security.locks.locked_at" />
              </th>
              <th scope="col">
                <FormattedMessage id="admin.security.locks.ip_address" />
              </th>
            </tr>
          </thead>
          <tbody>
            {locks.isPending ? (
              <tr>
                <td colSpan={4} className="table-empty">
                  <FormattedMessage id="common.loading" />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="table-empty">
                  <FormattedMessage id="common.no_items_found" />
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={`${row.Id}-${row.LockedAt}`}>
                  <td>{row.Id}</td>
                  <td>{row.Name}</td>
                  <td>{formatDateTime(row.LockedAt, intl.locale, timeZone)}</td>
                  <td className="mono">{row.IPAddress}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
