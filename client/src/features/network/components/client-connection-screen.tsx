/** admin/client/connection (on premises): the DICOM users that may store and query, and the send destinations. */
import { FormattedMessage } from 'react-intl';
import { useDicomUsers } from '../api/get-dicom-users.ts';
import { useProviders } from '../api/get-providers.ts';
import { useSendDestinations } from '../api/get-send-destinations.ts';
import { DestinationsSection } from './destinations-section.tsx';
import { DicomUsersSection } from './dicom-users-section.tsx';
import '../network.css';
import { PageHeader } from '../../../components/page-header.tsx';

export function ClientConnectionScreen() {
  const providers = useProviders();
  const users = useDicomUsers();
  const destinations = useSendDestinations();

  return (
    <div className="page network-page">
      <PageHeader
        title={<FormattedMessage id="network.client.title" />}
        description={<FormattedMessage id="network.client.description" />}
      />
      <div className="card network-card">
        <DicomUsersSection users={users.data} providers={providers.data ?? []} />
      </div>
      <div className="card network-card">
        <DestinationsSection destinations={destinations.data} callingAeTitle={providers.data?.[0]?.AETitle} />
      </div>
    </div>
  );
}
