/** The offline banner and the loading overlay (spec 1 §2 "Other shell elements"). */
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { uiStore } from '../../state/index.ts';
import { Icon } from '../../components/icons.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';

export const OfflineBanner = observer(function OfflineBanner() {
  if (!uiStore.offline) return null;
  return (
    <div className="offline-banner" role="alert">
      <Icon name="wifi_off" size={18} />
      <FormattedMessage id="errors.lost_connection" />
    </div>
  );
});

export const LoadingOverlay = observer(function LoadingOverlay() {
  const { visible, message, percent } = uiStore.loading;
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-box">
        <div className="spinner" aria-hidden="true" />
        {message && <div className="loading-message">{message}</div>}
        {percent !== null && <ProgressBar percent={percent} />}
      </div>
    </div>
  );
});
