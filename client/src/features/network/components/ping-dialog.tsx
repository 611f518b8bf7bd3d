import { useEffect, useRef } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { PING_COUNT } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form-fields.tsx';
import { DataTable, type Heading } from '../../../components/section-parts.tsx';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import { usePing } from '../api/send-ping.ts';
import { PING_METHOD_LABELS, PING_STATUS_LABELS } from '../messages.ts';

const HEADINGS: readonly Heading[] = [
  { id: 'network.ping.status' },
  { id: 'network.ping.address' },
  { id: 'network.ping.roundtrip', className: 'network-number' },
];

interface PingDialogProps {
  subject: string;
  ipAddress: string;
  onClose: () => void;
}

/** Ping an address from the archive as soon as it opens: each reply, and whether ICMP or the TCP fallback was used. */
export function PingDialog({ subject, ipAddress, onClose }: PingDialogProps) {
  const intl = useIntl();
  const ping = usePing();
  const { mutate } = ping;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(ipAddress);
  }, [mutate, ipAddress]);

  const result = ping.isPending ? undefined : ping.data;
  const answered = result?.Replies.filter((reply) => reply.Status === 'Success').length ?? 0;

  return (
    <Dialog
      title={<FormattedMessage id="network.ping.title" values={{ name: subject }} />}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => mutate(ipAddress)} disabled={ping.isPending}>
            <FormattedMessage id="network.ping.again" />
          </button>
          <button type="button" className="button button-primary" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
        </>
      }
    >
      <div aria-live="polite" className="network-ping">
        {ping.isPending && (
          <p className="network-pending" role="status">
            <span className="spinner" aria-hidden="true" />
            <FormattedMessage id="network.ping.pending" values={{ address: ipAddress, count: PING_COUNT }} />
          </p>
        )}
        {ping.isError && <FormAlert>{readDialogFailure(ping.error, [], intl).message}</FormAlert>}
        {result && (
          <>
            <p className={answered > 0 ? 'network-summary network-summary-ok' : 'network-summary network-summary-failed'}>
              <FormattedMessage id="network.ping.summary" values={{ answered, count: result.Replies.length, address: result.IPAddress }} />
            </p>
            <p className="muted network-method">{intl.formatMessage(PING_METHOD_LABELS[result.Method])}</p>
          </>
        )}
        {(ping.isPending || result) && (
          <DataTable headings={HEADINGS} rows={result?.Replies} className="network-table network-ping-table">
            {result?.Replies.map((reply, index) => (
              <tr key={index}>
                <td>
                  <span
                    className={reply.Status === 'Success' ? 'network-status network-status-ok' : 'network-status network-status-failed'}
                  >
                    {intl.formatMessage(PING_STATUS_LABELS[reply.Status])}
                  </span>
                </td>
                <td className="mono">{reply.Address}</td>
                <td className="network-number">
                  {reply.RoundtripTime === null ? (
                    '—'
                  ) : (
                    <FormattedMessage
                      id="network.ping.milliseconds"
                      values={{ time: <FormattedNumber value={reply.RoundtripTime} maximumFractionDigits={3} /> }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </Dialog>
  );
}
