/**
 * The release-notes dialog (spec 1 §2): opens after the server upgraded the user's settings to a
 * new version, for non-guests, in the PACS and PACS Cloud editions; closing it clears the mark
 * (`release_notes` in the settings) so it opens once.
 */
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PRODUCT_NAME, PRODUCT_VERSION, RELEASE_NOTES_EDITIONS } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import { RELEASES } from '../release-notes.ts';
import { ReleaseNotesList } from './release-notes.tsx';
import '../server.css';

export const ReleaseNotesDialog = observer(function ReleaseNotesDialog() {
  const replace = useReplaceSettings();
  const due =
    sessionStore.isSignedIn &&
    !sessionStore.isGuest &&
    sessionStore.settings?.release_notes === true &&
    RELEASE_NOTES_EDITIONS.includes(sessionStore.edition) &&
    // It waits for the shell's dialogs (the time zone prompt of a first sign-in) to close.
    !uiStore.anyDialogOpen;
  if (!due) return null;
  const close = () => replace.mutate({ key: 'release_notes', value: false });
  return (
    <Dialog
      title={<FormattedMessage id="dialogs.release_notes.title" />}
      onClose={close}
      footer={
        <>
          <Link className="button" to="/about/release-notes" onClick={close}>
            <FormattedMessage id="dialogs.release_notes.all" />
          </Link>
          <button type="button" className="button button-primary" onClick={close}>
            <FormattedMessage id="common.close" />
          </button>
        </>
      }
    >
      <p>
        <FormattedMessage id="dialogs.release_notes.updated" values={{ product: PRODUCT_NAME, version: PRODUCT_VERSION }} />
      </p>
      <ReleaseNotesList releases={RELEASES.slice(0, 1)} />
    </Dialog>
  );
});
