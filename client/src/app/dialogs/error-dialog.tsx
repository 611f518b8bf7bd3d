import { FormattedMessage, useIntl } from 'react-intl';
import { ERROR_MESSAGES } from '../../lib/error-messages.ts';
import type { ErrorInfo } from '../../state/ui-store.ts';
import { Dialog } from '../../components/dialog.tsx';

/** Shows a failed call's status and message (spec 1 §8), translated when the code is known. */
export function ErrorDialog({ error, onClose }: { error: ErrorInfo; onClose: () => void }) {
  const intl = useIntl();
  const descriptor = error.code ? ERROR_MESSAGES[error.code] : undefined;
  const message = descriptor ? intl.formatMessage(descriptor) : error.message;
  return (
    <Dialog
      title={<FormattedMessage id="dialogs.error.title" />}
      onClose={onClose}
      size="small"
      tone="danger"
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          <FormattedMessage id="common.ok" />
        </button>
      }
    >
      {error.status > 0 && (
        <p className="error-status">
          <FormattedMessage id="dialogs.error.status" values={{ status: error.status }} />
        </p>
      )}
      <p className="error-message">{message}</p>
    </Dialog>
  );
}
