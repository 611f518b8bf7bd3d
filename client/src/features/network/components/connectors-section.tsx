import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { AccessTable, RowActions, SectionToolbar, type Heading } from '../../../components/section-parts.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { sessionStore } from '../../../state/index.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { useDeleteConnector } from '../api/delete-connector.ts';
import { useDeleteProvider } from '../api/delete-provider.ts';
import { useConnectors } from '../api/get-connectors.ts';
import type { Connector, Provider } from '../types.ts';
import { ConnectorDialog } from './connector-dialog.tsx';
import { ConnectorKeyDialog } from './connector-key-dialog.tsx';
import { ConnectorProviderDialog } from './connector-provider-dialog.tsx';
import { ConnectorProviderUsers } from './dicom-users-section.tsx';

const HEADINGS: readonly Heading[] = [
  { id: 'network.name' },
  { id: 'network.ae_title', className: 'network-wide-only' },
  { id: 'network.port', className: 'network-number network-wide-only' },
  { id: 'network.provider.anonymous', className: 'network-wide-only' },
];

type ConnectorDialogState =
  | null
  | { name: 'add' }
  | { name: 'edit' | 'delete'; connector: Connector }
  | { name: 'key'; connector: Pick<Connector, 'No' | 'Name' | 'Id' | 'KeyCreatedAt'>; freshKey?: string }
  | { name: 'provider'; connector: Connector; provider?: Provider }
  | { name: 'provider_delete'; provider: Provider };

const providerLabel = (provider: Provider) => provider.Name || provider.AETitle;

function AnonymousAccess({ provider }: { provider: Provider }) {
  return provider.AllowAnonymousUsers ? (
    <FormattedMessage id="network.provider.anonymous_allowed" />
  ) : (
    <FormattedMessage id="network.provider.anonymous_refused" />
  );
}

function ConnectorCard({ connector, open }: { connector: Connector; open: (dialog: ConnectorDialogState) => void }) {
  const intl = useIntl();
  const institutions = useInstitutions();
  const institution = institutions.data?.find((one) => one.No === connector.Institution);
  const titleId = `connector-${connector.No}-title`;
  return (
    <article className="card network-connector" aria-labelledby={titleId}>
      <div className="network-section-head">
        <div className="network-connector-head">
          <h3 id={titleId} className="card-title">
            {connector.Name}
          </h3>
          <dl className="network-facts network-connector-facts">
            <div>
              <dt>
                <FormattedMessage id="network.connectors.id" />
              </dt>
              <dd className="mono network-connector-id">{connector.Id}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="accounts_admin.roles.institution" />
              </dt>
              <dd>
                {connector.Institution === 0 || !institution ? (
                  <FormattedMessage id="network.connectors.no_institution" />
                ) : (
                  institution.Name
                )}
              </dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="network.connectors.key_made" />
              </dt>
              <dd>{formatDateTime(connector.KeyCreatedAt)}</dd>
            </div>
          </dl>
        </div>
        <div className="network-connector-actions">
          <button
            type="button"
            className="button button-small"
            onClick={() => open({ name: 'key', connector })}
            aria-label={intl.formatMessage({ id: 'network.connectors.key_named' }, { name: connector.Name })}
          >
            <FormattedMessage id="network.connectors.key" />
          </button>
          <RowActions
            name={connector.Name}
            onEdit={() => open({ name: 'edit', connector })}
            onDelete={() => open({ name: 'delete', connector })}
          />
        </div>
      </div>
      <div className="network-connector-providers">
        <div className="network-section-head">
          <h4 className="network-subtitle">
            <FormattedMessage id="network.connectors.providers" values={{ count: connector.provider_items.length }} />
          </h4>
          <button
            type="button"
            className="button button-small"
            onClick={() => open({ name: 'provider', connector })}
            aria-label={intl.formatMessage({ id: 'network.connectors.provider_add_named' }, { name: connector.Name })}
          >
            <FormattedMessage id="network.connectors.provider_add" />
          </button>
        </div>
        <AccessTable headings={HEADINGS} rows={connector.provider_items}>
          {connector.provider_items.map((provider) => (
            <tr key={provider.No}>
              <th scope="row" className="access-key">
                {provider.Name || <span className="muted">—</span>}
                {/* On a phone the row is its name over the node (AE title:port) and its access: two columns fit. */}
                <span className="network-narrow-only network-cell-note mono">
                  {provider.AETitle}:{provider.Port}
                </span>
                <span className="network-narrow-only network-cell-note">
                  <AnonymousAccess provider={provider} />
                </span>
              </th>
              <td className="mono network-wide-only">{provider.AETitle}</td>
              <td className="mono network-number network-wide-only">{provider.Port}</td>
              <td className="network-nowrap network-wide-only">
                <AnonymousAccess provider={provider} />
              </td>
              <td className="access-actions">
                <RowActions
                  name={providerLabel(provider)}
                  onEdit={() => open({ name: 'provider', connector, provider })}
                  onDelete={() => open({ name: 'provider_delete', provider })}
                />
              </td>
            </tr>
          ))}
        </AccessTable>
        {connector.provider_items.map((provider) => (
          <ConnectorProviderUsers key={provider.No} provider={provider} />
        ))}
      </div>
    </article>
  );
}

/**
 * Connectors (cloud and teleradiology editions): the relays at the sites, each with the providers
 * it listens on for the site's modalities, and the key it proves itself with.
 */
export function ConnectorsSection() {
  const connectors = useConnectors();
  const removeConnector = useDeleteConnector();
  const removeProvider = useDeleteProvider();
  const [dialog, setDialog] = useState<ConnectorDialogState>(null);
  const close = () => setDialog(null);
  const rows = connectors.data ?? [];

  return (
    <section className="access-section network-section" aria-labelledby="network-connectors-title">
      <SectionToolbar
        titleId="network-connectors-title"
        title={<FormattedMessage id="network.connectors.title" />}
        count={<FormattedMessage id="network.connectors.count" values={{ count: rows.length }} />}
        addLabel={<FormattedMessage id="network.connectors.add" />}
        onAdd={() => setDialog({ name: 'add' })}
      />
      <p className="muted network-section-text">
        <FormattedMessage id="network.connectors.description" />
      </p>
      {connectors.data === undefined ? (
        <p className="muted" role="status">
          {connectors.isError ? <FormattedMessage id="network.load_failed" /> : <FormattedMessage id="common.loading" />}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted network-empty">
          <FormattedMessage id="network.connectors.none" />
        </p>
      ) : (
        rows.map((connector) => <ConnectorCard key={connector.No} connector={connector} open={setDialog} />)
      )}
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <ConnectorDialog
          {...(dialog.name === 'edit' ? { connector: dialog.connector } : {})}
          institution={sessionStore.account?.Institution ?? 0}
          onClose={close}
          onCreated={(created) => setDialog({ name: 'key', connector: created, freshKey: created.Key })}
        />
      )}
      {dialog?.name === 'key' && (
        <ConnectorKeyDialog connector={dialog.connector} {...(dialog.freshKey ? { freshKey: dialog.freshKey } : {})} onClose={close} />
      )}
      {dialog?.name === 'delete' && (
        <DeleteDialog
          title={<FormattedMessage id="network.connectors.delete_title" />}
          subject={
            <FormattedMessage
              id="network.connectors.delete_subject"
              values={{ name: dialog.connector.Name, count: dialog.connector.provider_items.length }}
            />
          }
          onDelete={() => removeConnector.mutateAsync(dialog.connector.No)}
          onClose={close}
        />
      )}
      {dialog?.name === 'provider' && (
        <ConnectorProviderDialog connector={dialog.connector} {...(dialog.provider ? { provider: dialog.provider } : {})} onClose={close} />
      )}
      {dialog?.name === 'provider_delete' && (
        <DeleteDialog
          title={<FormattedMessage id="network.connectors.provider_delete_title" />}
          subject={`${providerLabel(dialog.provider)} — ${dialog.provider.AETitle}:${dialog.provider.Port}`}
          onDelete={() => removeProvider.mutateAsync(dialog.provider.No)}
          onClose={close}
        />
      )}
    </section>
  );
}
