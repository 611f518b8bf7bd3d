/**
 * The server status poll of spec 1 §4 ("When the role changes": users with all, admin or
 * dashboard load the server status at once and every 30 s while signed in), and what the shell
 * does with it: warn those users when the disk of the data folder is almost full, before
 * modalities' images start to be refused.
 */
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { Icon } from '../../../components/icons.tsx';
import { formatFileSize } from '../../../lib/format.ts';
import { sessionStore } from '../../../state/index.ts';
import { useServerStatus } from '../api/get-server-status.ts';
import '../server.css';

/** Below this share of free space the warning shows. */
export const LOW_DISK_SHARE = 0.05;

export const StorageAlert = observer(function StorageAlert() {
  const watching = sessionStore.isSignedIn && (sessionStore.can('admin') || sessionStore.can('dashboard'));
  const { data } = useServerStatus(watching);
  const main = data?.MainFolderStatus;
  if (!watching || !main || main.Capacity === 0 || main.Available / main.Capacity >= LOW_DISK_SHARE) return null;
  return (
    <div className="index-banner" role="alert" data-testid="storage-alert">
      <Icon name="alert" size={18} />
      <p className="index-banner-text">
        <FormattedMessage
          id="server_general.storage_low"
          values={{ available: formatFileSize(main.Available), capacity: formatFileSize(main.Capacity) }}
        />
      </p>
    </div>
  );
});
