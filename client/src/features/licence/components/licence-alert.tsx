/**
 * The licence alert in the shell (spec 1 §2 "Other shell elements", spec 3 §2): for a Trial or
 * Demonstration licence, or one whose licence period has ended, a band with the type, the end of
 * the licence period and the study limit (`licenceSummary`), Contact (the contact dialog), and
 * Activation for administrators (hidden for a Professional licence). Not on cloud or teleradiology; nothing without a licence (unlimited).
 * It can be closed for the rest of the session.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons.tsx';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { useServiceInfo } from '../api/get-service-info.ts';
import { licenceSummary } from '../summary.ts';
import '../licence.css';

export const LicenceAlert = observer(function LicenceAlert() {
  const intl = useIntl();
  const [closed, setClosed] = useState(false);
  const shown = sessionStore.isSignedIn && sessionStore.edition !== 'cloud' && sessionStore.edition !== 'teleradiology';
  const { data } = useServiceInfo(shown);
  const status = data?.LicenseStatus;
  if (!shown || closed || !status || status.IsEmpty) return null;
  const temporary = status.LicenseType === 'Trial' || status.LicenseType === 'Demonstration';
  if (!temporary && status.LicenseValid) return null;
  return (
    <div className="licence-alert" role="status" data-testid="licence-alert">
      <Icon name="alert" size={18} />
      <p className="licence-alert-text">{licenceSummary(status, intl)}</p>
      <button type="button" className="button button-small" onClick={() => uiStore.openDialog('contact')}>
        <FormattedMessage id="nav.contact" />
      </button>
      {sessionStore.isAdmin && status.LicenseType !== 'Professional' && (
        <Link className="button button-small" to="/admin/general/license">
          <FormattedMessage id="licence.activation" />
        </Link>
      )}
      <button
        type="button"
        className="licence-alert-close"
        onClick={() => setClosed(true)}
        aria-label={intl.formatMessage({ id: 'common.close' })}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
});
