import { FormattedMessage } from 'react-intl';
import { Dialog } from '../../components/dialog.tsx';
import { DataTable } from '../../components/section-parts.tsx';
import { useDicomConnectionState } from '../../features/network/index.ts';

const HEADINGS = [
  { id: 'dialogs.dicom_connection.name' },
  { id: 'dialogs.dicom_connection.ae_title' },
  { id: 'dialogs.dicom_connection.ip_address' },
  { id: 'dialogs.dicom_connection.connected' },
];

/**
 * The DICOM connection limit dialog (spec 1 §2): it must be answered, so no Esc, no backdrop and
 * no header close button. On opening it fetches the DICOM connection state; the table of
 * registered DICOM devices and who is connected now is shown to all, dashboard or admin.
 */
export function DicomConnectionDialog({ canSeeConnections, onClose }: { canSeeConnections: boolean; onClose: () => void }) {
  const state = useDicomConnectionState(canSeeConnections);
  return (
    <Dialog
      title={<FormattedMessage id="dialogs.dicom_connection.title" />}
      onClose={onClose}
      dismissible={false}
      tone="danger"
      footer={
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          <FormattedMessage id="common.close" />
        </button>
      }
    >
      <div className="alert alert-danger" role="alert">
        <strong>
          <FormattedMessage id="dialogs.dicom_connection.reached_dicom_connection_limit" />
        </strong>
        <div>
          <FormattedMessage id="dialogs.dicom_connection.to_remove_limitation" />
        </div>
      </div>
      <dl className="definition-list">
        <dt>
          <FormattedMessage id="dialogs.dicom_connection.web_connection" />
        </dt>
        <dd>
          <FormattedMessage id="dialogs.dicom_connection.web_connection_description" />
        </dd>
        <dt>
          <FormattedMessage id="dialogs.dicom_connection.dicom_connection" />
        </dt>
        <dd>
          <FormattedMessage id="dialogs.dicom_connection.dicom_connection_description" />
        </dd>
      </dl>
      {canSeeConnections && (
        <div aria-busy={state.isPending}>
          {state.data && (
            <p className="muted">
              <FormattedMessage
                id="dialogs.dicom_connection.registered"
                values={{ count: state.data.Users.length, maximum: state.data.Maximum }}
              />
            </p>
          )}
          <DataTable headings={HEADINGS} rows={state.isPending ? undefined : (state.data?.Users ?? [])}>
            {state.data?.Users.map((user) => (
              <tr key={user.No}>
                <td>{user.Name || '—'}</td>
                <td className="mono">{user.AETitle}</td>
                <td className="mono">{user.IPAddress}</td>
                <td>
                  {user.Connected ? (
                    <FormattedMessage id="dialogs.dicom_connection.yes" />
                  ) : (
                    <FormattedMessage id="dialogs.dicom_connection.no" />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          {(state.isError || state.data?.Associations === null) && (
            <p className="muted">
              <FormattedMessage id="dialogs.dicom_connection.state_unavailable" />
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
