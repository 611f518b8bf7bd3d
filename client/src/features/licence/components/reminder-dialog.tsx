/**
 * The trial and demonstration dialogs (spec 1 §4): shown for a Trial or Demonstration licence to
 * a signed-in user when no other dialog is open, at once and then as reminder.ts says, checked
 * every 60 s. Not in the media viewer. OK closes it; administrators also get Activation.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { sessionStore } from '../../../state/index.ts';
import { useServiceInfo } from '../api/get-service-info.ts';
import { REMINDER_CHECK_MS, lastShown, markShown, reminderDue, reminderKind, type Reminder } from '../reminder.ts';

export const ReminderDialog = observer(function ReminderDialog() {
  const signedIn = sessionStore.isSignedIn && sessionStore.edition !== 'media_viewer';
  const { data } = useServiceInfo(signedIn);
  const kind = signedIn ? reminderKind(data?.LicenseStatus) : null;
  const edition = sessionStore.edition;
  const [open, setOpen] = useState<Reminder | null>(null);

  useEffect(() => {
    if (!kind) return;
    const check = () => {
      if (document.querySelector('[role="dialog"]')) return;
      if (reminderDue(kind, edition, lastShown(kind), Date.now())) {
        markShown(kind, Date.now());
        setOpen(kind);
      }
    };
    check();
    const timer = window.setInterval(check, REMINDER_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [kind, edition]);

  if (!open || !data) return null;
  const status = data.LicenseStatus;
  const end = status.LicensePeriod.split('-')[1] ?? '';
  const close = () => setOpen(null);
  return (
    <Dialog
      title={open === 'trial' ? <FormattedMessage id="licence.trial_title" /> : <FormattedMessage id="licence.demonstration_title" />}
      onClose={close}
      size="small"
      footer={
        <>
          {sessionStore.isAdmin && (
            <Link className="button" to="/admin/general/license" onClick={close}>
              <FormattedMessage id="licence.activation" />
            </Link>
          )}
          <button type="button" className="button button-primary" onClick={close}>
            <FormattedMessage id="common.ok" />
          </button>
        </>
      }
    >
      <p>
        {open === 'trial' ? (
          <FormattedMessage id="licence.trial_text" values={{ to: status.LicensedTo, end }} />
        ) : (
          <FormattedMessage id="licence.demonstration_text" values={{ to: status.LicensedTo, end }} />
        )}
      </p>
    </Dialog>
  );
});
