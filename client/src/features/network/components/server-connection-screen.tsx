/**
 * admin/server/connection: the archive's own DICOM node (provider) and how many DICOM users it knows;
 * in the cloud and teleradiology editions also the connectors and the providers they listen on.
 */
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useState } from 'react';
import { useProviders } from '../api/get-providers.ts';
import type { Provider } from '../types.ts';
import { ProviderDialog } from './provider-dialog.tsx';
import '../network.css';
import { PageHeader } from '../../../components/page-header.tsx';
import { hasConnectors, isOnPremises } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { ConnectorsSection } from './connectors-section.tsx';

function ProviderCard({ provider, onEdit }: { provider: Provider; onEdit: () => void }) {
  const titleId = `provider-${provider.No}-title`;
  return (
    <section className="card network-provider" aria-labelledby={titleId}>
      <div className="network-section-head">
        <div>
          <h2 id={titleId} className="card-title">
            {provider.Name || <FormattedMessage id="network.provider.title" />}
          </h2>
          <p className="muted">
            <FormattedMessage id="network.provider.description" />
          </p>
        </div>
        <button type="button" className="button" onClick={onEdit}>
          <FormattedMessage id="network.provider.edit" />
        </button>
      </div>
      <dl className="network-facts">
        <div>
          <dt>
            <FormattedMessage id="network.ae_title" />
          </dt>
          <dd className="mono">{provider.AETitle}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="network.port" />
          </dt>
          <dd className="mono">{provider.Port}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="network.provider.anonymous" />
          </dt>
          <dd>
            {provider.AllowAnonymousUsers ? (
              <FormattedMessage id="network.provider.anonymous_allowed" />
            ) : (
              <FormattedMessage id="network.provider.anonymous_refused" />
            )}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="network.users.title" />
          </dt>
          <dd>
            <FormattedMessage id="network.users.count" values={{ count: provider.user_items.length }} />{' '}
            {/* The DICOM users' screen (Client › Connection) exists on premises only (spec 3 §1). */}
            {isOnPremises(sessionStore.edition) && (
              <Link to="/admin/client/connection">
                <FormattedMessage id="network.provider.manage_users" />
              </Link>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function ServerConnectionScreen() {
  const providers = useProviders();
  const [editing, setEditing] = useState<Provider>();

  return (
    <div className="page">
      <PageHeader
        title={<FormattedMessage id="network.server.title" />}
        description={<FormattedMessage id="network.server.description" />}
      />
      {providers.data === undefined ? (
        <p className="muted" role="status">
          {providers.isError ? <FormattedMessage id="network.load_failed" /> : <FormattedMessage id="common.loading" />}
        </p>
      ) : (
        // The archive's own provider; a connector's providers are shown under their connector.
        providers.data
          .filter((provider) => provider.Connector === null)
          .map((provider) => <ProviderCard key={provider.No} provider={provider} onEdit={() => setEditing(provider)} />)
      )}
      {hasConnectors(sessionStore.edition) && <ConnectorsSection />}
      {editing && <ProviderDialog provider={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
