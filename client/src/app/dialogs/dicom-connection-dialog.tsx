import { FormattedMessage } from 'react-intl';
import { Dialog } from '../../components/dialog.tsx';

/**
 * The DICOM connection limit dialog (spec 1 §2): it must be answered, so no Esc, no backdrop and
 * no header close button. The server does not publish the connection state yet, so the table is
 * replaced by a note for those allowed to see it (all, dashboard or admin).
 */
export function DicomConnectionDialog({ canSeeConnections, onClose }: { canSeeConnections: boolean; onClose: () => void }) {
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
        <p className="muted">
          <FormattedMessage id="dialogs.dicom_connection.state_unavailable" />
        </p>
      )}
    </Dialog>
  );
}
