import { FormattedMessage, useIntl } from 'react-intl';
import { useConnectedUsers } from '../../features/server/api/get-connected-users.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Dialog } from '../../components/dialog.tsx';

/** The web connection limit dialog: who holds the connections (`GET /connected/users`). */
export function WebConnectionDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const connections = useConnectedUsers(true);
  const rows = connections.data ?? [];
  return (
    <Dialog
      title={<FormattedMessage id="dialogs.web_connection.title" />}
      onClose={onClose}
      size="large"
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </button>
      }
    >
      <div className="alert alert-danger" role="alert">
        <FormattedMessage id="errors.web_connection_limit" />
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="dialogs.web_connection.id" />
              </th>
              <th scope="col">
                <FormattedMessage id="dialogs.web_connection.name" />
              </th>
              <th scope="col">
                <FormattedMessage id="dialogs.web_connection.ip_address" />
              </th>
              <th scope="col">
                <FormattedMessage id="dialogs.web_connection.accessed_at" />
              </th>
            </tr>
          </thead>
          <tbody>
            {connections.isPending ? (
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
                <tr key={`${row.Account}-${row.IPAddress}-${row.AccessedAt}`}>
                  <td>{row.Account}</td>
                  <td>{row.Name}</td>
                  <td>{row.IPAddress}</td>
                  <td>{formatDateTime(row.AccessedAt, intl.locale)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}
