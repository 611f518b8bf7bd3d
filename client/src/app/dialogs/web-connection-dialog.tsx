import { FormattedMessage } from 'react-intl';
import { useConnectedUsers } from '../../features/server/api/get-connected-users.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Dialog } from '../../components/dialog.tsx';
import { DataTable } from '../../components/section-parts.tsx';

const HEADINGS = [
  { id: 'dialogs.web_connection.id' },
  { id: 'dialogs.web_connection.name' },
  { id: 'dialogs.web_connection.ip_address' },
  { id: 'dialogs.web_connection.accessed_at' },
];

/** The web connection limit dialog: who holds the connections (`GET /connected/users`). */
export function WebConnectionDialog({ onClose }: { onClose: () => void }) {
  const connections = useConnectedUsers(true);
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
      <DataTable headings={HEADINGS} rows={connections.isPending ? undefined : (connections.data ?? [])}>
        {connections.data?.map((row) => (
          <tr key={`${row.Account}-${row.IPAddress}-${row.AccessedAt}`}>
            <td>{row.Account}</td>
            <td>{row.Name}</td>
            <td>{row.IPAddress}</td>
            <td>{formatDateTime(row.AccessedAt)}</td>
          </tr>
        ))}
      </DataTable>
    </Dialog>
  );
}
