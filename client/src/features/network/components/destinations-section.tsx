import { FormattedMessage } from 'react-intl';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { AccessTable, SectionToolbar, type Heading } from '../../../components/section-parts.tsx';
import { useDeleteSendDestination } from '../api/delete-send-destination.ts';
import { destinationEcho } from '../echo.ts';
import type { SendDestination } from '../types.ts';
import { DestinationDialog } from './destination-dialog.tsx';
import { EchoDialog } from './echo-dialog.tsx';
import { NodeActions, useNodeDialogState } from './node-actions.tsx';
import { PingDialog } from './ping-dialog.tsx';

const HEADINGS: readonly Heading[] = [
  { id: 'network.name' },
  { id: 'network.ip_address', className: 'network-wide-only' },
  { id: 'network.port', className: 'network-number network-wide-only' },
  { id: 'network.called_ae_title', className: 'network-wide-only' },
  { id: 'network.calling_ae_title', className: 'network-wide-only' },
];

interface DestinationsSectionProps {
  destinations: readonly SendDestination[] | undefined;
  /** The provider's AE title: a new destination's calling AE title. */
  callingAeTitle: string | undefined;
}

/** Send destinations: the DICOM nodes studies may be forwarded to. */
export function DestinationsSection({ destinations, callingAeTitle }: DestinationsSectionProps) {
  const { dialog, open, close } = useNodeDialogState<SendDestination>();
  const remove = useDeleteSendDestination();
  const rows = destinations ?? [];

  return (
    <section className="access-section network-section" aria-labelledby="network-destinations-title">
      <SectionToolbar
        titleId="network-destinations-title"
        title={<FormattedMessage id="network.destinations.title" />}
        count={<FormattedMessage id="network.destinations.count" values={{ count: rows.length }} />}
        addLabel={<FormattedMessage id="network.destinations.add" />}
        onAdd={() => open({ name: 'add' })}
      />
      <p className="muted network-section-text">
        <FormattedMessage id="network.destinations.description" />
      </p>
      <AccessTable headings={HEADINGS} rows={destinations}>
        {rows.map((destination) => (
          <tr key={destination.No}>
            <th scope="row" className="access-key">
              {destination.Name}
              {/* On a phone: the name over the node it calls (called AE title, address:port). */}
              <span className="network-narrow-only network-cell-note mono">{destination.CalledAETitle}</span>
              <span className="network-narrow-only network-cell-note mono">
                {destination.IPAddress}:{destination.Port}
              </span>
            </th>
            <td className="mono network-wide-only">{destination.IPAddress}</td>
            <td className="mono network-number network-wide-only">{destination.Port}</td>
            <td className="mono network-wide-only">{destination.CalledAETitle}</td>
            <td className="mono network-wide-only">{destination.CallingAETitle}</td>
            <td className="access-actions">
              <NodeActions name={destination.Name} item={destination} open={open} />
            </td>
          </tr>
        ))}
      </AccessTable>
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <DestinationDialog
          {...(dialog.name === 'edit' ? { destination: dialog.item } : {})}
          {...(callingAeTitle ? { callingAeTitle } : {})}
          onClose={close}
        />
      )}
      {dialog?.name === 'delete' && (
        <DeleteDialog
          title={<FormattedMessage id="network.destinations.delete_title" />}
          subject={`${dialog.item.Name} — ${dialog.item.CalledAETitle} ${dialog.item.IPAddress}:${dialog.item.Port}`}
          onDelete={() => remove.mutateAsync(dialog.item.No)}
          onClose={close}
        />
      )}
      {dialog?.name === 'echo' && <EchoDialog subject={dialog.item.Name} request={destinationEcho(dialog.item)} onClose={close} />}
      {dialog?.name === 'ping' && <PingDialog subject={dialog.item.Name} ipAddress={dialog.item.IPAddress} onClose={close} />}
    </section>
  );
}
