/**
 * Tells an administrator when the study list no longer follows the archive (issue 13 item 3):
 * the index has been behind Orthanc for a while, or changes had to be skipped. Other users see
 * nothing: they cannot act on it. A brief lag under load is normal, so the "behind" warning waits
 * INDEX_BEHIND_GRACE_SECONDS of polls that all say behind; the skipped warning can be dismissed
 * until a new change is skipped.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { INDEX_BEHIND_GRACE_SECONDS } from '@pacs/common';
import { Icon } from '../../../components/icons.tsx';
import { sessionStore } from '../../../state/index.ts';
import { useIndexStatus } from '../api/get-index-status.ts';
import '../server.css';

export const IndexStatusBanner = observer(function IndexStatusBanner() {
  const intl = useIntl();
  const admin = sessionStore.isSignedIn && sessionStore.isAdmin;
  const { data, dataUpdatedAt } = useIndexStatus(admin);
  const [behindSince, setBehindSince] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  // Derived from the polls as they arrive (React's "adjust state while rendering" pattern).
  if (data?.Behind && behindSince === null) setBehindSince(dataUpdatedAt);
  if (data && !data.Behind && behindSince !== null) setBehindSince(null);

  if (!admin || !data) return null;
  const behind = data.Behind && behindSince !== null && dataUpdatedAt - behindSince >= INDEX_BEHIND_GRACE_SECONDS * 1000;
  const skipped = data.SkippedChanges > 0 && data.LastSkippedAt !== dismissed;
  if (!behind && !skipped) return null;

  return (
    <div className="index-banner" role="alert">
      <Icon name="alert" size={18} />
      <div className="index-banner-text">
        {behind &&
          (data.Cursor === null ? (
            <p>
              <FormattedMessage id="index_status.rebuilding" />
            </p>
          ) : (
            <p>
              <FormattedMessage id="index_status.behind" values={{ count: data.LagChanges ?? 0 }} />
            </p>
          ))}
        {skipped && (
          <p>
            <FormattedMessage id="index_status.skipped" values={{ count: data.SkippedChanges }} />
          </p>
        )}
      </div>
      {skipped && !behind && (
        <button
          type="button"
          className="index-banner-dismiss"
          aria-label={intl.formatMessage({ id: 'index_status.dismiss' })}
          title={intl.formatMessage({ id: 'index_status.dismiss' })}
          onClick={() => setDismissed(data.LastSkippedAt)}
        >
          <Icon name="close" size={16} />
        </button>
      )}
    </div>
  );
});
