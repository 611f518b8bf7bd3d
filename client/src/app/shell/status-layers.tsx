/** The offline banner and the loading overlay (spec 1 §2 "Other shell elements"). */
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { uiStore } from '../../state/index.ts';
import { Icon } from '../../components/icons.tsx';

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
        {percent !== null && (
          <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)}>
            <div className="progress-bar" style={{ inlineSize: `${Math.max(0, Math.min(100, percent))}%` }} />
          </div>
        )}
      </div>
    </div>
  );
});
