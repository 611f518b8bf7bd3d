import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form-fields.tsx';
import { copyText } from '../../../lib/copy-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import { useRenewConnectorKey } from '../api/renew-connector-key.ts';
import type { Connector } from '../types.ts';

interface ConnectorKeyDialogProps {
  connector: Pick<Connector, 'No' | 'Name' | 'Id' | 'KeyCreatedAt'>;
  /** The key just made (after create); absent when the dialog opens from the row. */
  freshKey?: string;
  onClose: () => void;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={label}
      onClick={() => {
        void copyText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1000);
        });
      }}
    >
      {copied ? <FormattedMessage id="shares.copied" /> : <FormattedMessage id="shares.copy" />}
    </button>
  );
}

/**
 * The key dialog (spec 3 §2 "connector … key"): the connector's Id and, once only, its key; a
 * new key on request, after saying that the connector stops working until it is given the new one.
 */
export function ConnectorKeyDialog({ connector, freshKey, onClose }: ConnectorKeyDialogProps) {
  const intl = useIntl();
  const renew = useRenewConnectorKey();
  const [key, setKey] = useState(freshKey);
  const [madeAt, setMadeAt] = useState(connector.KeyCreatedAt);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string>();

  const makeKey = async () => {
    setMessage(undefined);
    try {
      const renewed = await renew.mutateAsync(connector.No);
      setKey(renewed.Key);
      setMadeAt(renewed.KeyCreatedAt);
      setConfirming(false);
    } catch (error) {
      setMessage(readDialogFailure(error, [], intl).message);
    }
  };

  return (
    <Dialog
      title={<FormattedMessage id="network.connectors.key_title" values={{ name: connector.Name }} />}
      onClose={onClose}
      footer={
        confirming ? (
          <>
            <button type="button" className="button" onClick={() => setConfirming(false)} disabled={renew.isPending}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="button button-danger" onClick={() => void makeKey()} disabled={renew.isPending}>
              <FormattedMessage id="network.connectors.renew_confirm" />
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              <FormattedMessage id="network.connectors.renew" />
            </button>
            <button type="button" className="button button-primary" onClick={onClose}>
              <FormattedMessage id="common.close" />
            </button>
          </>
        )
      }
    >
      <div className="form network-key">
        <div className="field">
          <span className="field-label">
            <FormattedMessage id="network.connectors.id" />
          </span>
          <div className="network-key-value">
            <code className="mono" data-testid="connector-id">
              {connector.Id}
            </code>
            <CopyButton text={connector.Id} label={intl.formatMessage({ id: 'network.connectors.copy_id' })} />
          </div>
        </div>
        <div className="field">
          <span className="field-label">
            <FormattedMessage id="network.connectors.key" />
          </span>
          {key ? (
            <>
              <div className="network-key-value">
                <code className="mono" data-testid="connector-key">
                  {key}
                </code>
                <CopyButton text={key} label={intl.formatMessage({ id: 'network.connectors.copy_key' })} />
              </div>
              <div className="alert network-alert-warning" role="status">
                <FormattedMessage id="network.connectors.key_once" />
              </div>
            </>
          ) : (
            <p className="muted">
              <FormattedMessage id="network.connectors.key_hidden" values={{ date: formatDateTime(madeAt) }} />
            </p>
          )}
        </div>
        {confirming && (
          <div className="alert network-alert-warning" role="alert">
            <FormattedMessage id="network.connectors.renew_warning" />
          </div>
        )}
        {message && <FormAlert>{message}</FormAlert>}
      </div>
    </Dialog>
  );
}
