import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form-fields.tsx';
import { Icon } from '../../../components/icons.tsx';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import { useEchoRequest } from '../api/request-echo.ts';
import { echoOutcome } from '../echo.ts';
import { ECHO_OUTCOME_LABELS } from '../messages.ts';
import type { EchoRequest } from '../types.ts';

interface EchoDialogProps {
  /** The row echoed, e.g. its name. */
  subject: string;
  request: EchoRequest;
  onClose: () => void;
}

/** C-ECHO a node from the archive as soon as it opens, then show the outcome; Echo again repeats it. */
export function EchoDialog({ subject, request, onClose }: EchoDialogProps) {
  const intl = useIntl();
  const echo = useEchoRequest();
  const { mutate } = echo;
  const started = useRef(false);

  useEffect(() => {
    // Once per opening (React's development double effects would echo twice).
    if (started.current) return;
    started.current = true;
    mutate(request);
  }, [mutate, request]);

  let outcome: ReactNode = null;
  if (echo.isPending) {
    outcome = (
      <p className="network-pending" role="status">
        <span className="spinner" aria-hidden="true" />
        <FormattedMessage id="network.echo.pending" />
      </p>
    );
  } else if (echo.isError) {
    outcome = (
      <FormAlert>{readDialogFailure(echo.error, [], intl).message ?? intl.formatMessage({ id: 'network.echo.echo_failed' })}</FormAlert>
    );
  } else if (echo.data) {
    const key = echoOutcome(echo.data);
    const text = key ? intl.formatMessage(ECHO_OUTCOME_LABELS[key]) : echo.data.Message;
    outcome =
      key === 'success' ? (
        <div className="alert alert-success network-outcome" role="status">
          <Icon name="done" size={18} />
          <span>{text}</span>
        </div>
      ) : (
        <div className="alert alert-danger network-outcome" role="alert">
          <Icon name="failed" size={18} />
          <span>{text}</span>
        </div>
      );
  }

  return (
    <Dialog
      title={<FormattedMessage id="network.echo.title" values={{ name: subject }} />}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => mutate(request)} disabled={echo.isPending}>
            <FormattedMessage id="network.echo.again" />
          </button>
          <button type="button" className="button button-primary" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
        </>
      }
    >
      <dl className="network-facts network-facts-compact">
        <div>
          <dt>
            <FormattedMessage id="network.address" />
          </dt>
          <dd className="mono">
            {request.IPAddress}:{request.Port}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="network.called_ae_title" />
          </dt>
          <dd className="mono">{request.CalledAETitle}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="network.calling_ae_title" />
          </dt>
          <dd className="mono">{request.CallingAETitle}</dd>
        </div>
      </dl>
      <div aria-live="polite">{outcome}</div>
    </Dialog>
  );
}
