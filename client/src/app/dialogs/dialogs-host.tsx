/** Renders whichever shell dialogs the UI store has open, by name (spec 1 §2 "Dialogs"). */
import { observer } from 'mobx-react-lite';
import { ProfileDialog } from '../../features/accounts/components/profile-dialog.tsx';
import { TimeZoneDialog } from '../../features/configs/components/time-zone-dialog.tsx';
import { ContactDialog } from '../../features/licence/index.ts';
import { sessionStore, uiStore, type DialogName } from '../../state/index.ts';
import { DicomConnectionDialog } from './dicom-connection-dialog.tsx';
import { ErrorDialog } from './error-dialog.tsx';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog.tsx';
import { LoginBlockedDialog } from './login-blocked-dialog.tsx';
import { LogoutDialog } from './logout-dialog.tsx';
import { WebConnectionDialog } from './web-connection-dialog.tsx';

const close = (name: DialogName) => () => uiStore.closeDialog(name);

export const DialogsHost = observer(function DialogsHost() {
  const { account } = sessionStore;
  const canSeeConnections = sessionStore.can('dashboard') || sessionStore.can('admin');
  return (
    <>
      {uiStore.isOpen('time_zone') && account && <TimeZoneDialog configs={sessionStore.configs} onClose={close('time_zone')} />}
      {uiStore.isOpen('profile') && account && <ProfileDialog account={account} onClose={close('profile')} />}
      {uiStore.isOpen('keyboard_shortcuts') && <KeyboardShortcutsDialog onClose={close('keyboard_shortcuts')} />}
      {uiStore.isOpen('logout') && <LogoutDialog onClose={close('logout')} />}
      {uiStore.isOpen('contact') && account && <ContactDialog onClose={close('contact')} />}
      {uiStore.isOpen('web_connection') && <WebConnectionDialog onClose={close('web_connection')} />}
      {uiStore.isOpen('dicom_connection') && (
        <DicomConnectionDialog canSeeConnections={canSeeConnections} onClose={close('dicom_connection')} />
      )}
      {uiStore.isOpen('login_blocked') && <LoginBlockedDialog onClose={close('login_blocked')} />}
      {uiStore.isOpen('error') && uiStore.error && <ErrorDialog error={uiStore.error} onClose={close('error')} />}
    </>
  );
});
