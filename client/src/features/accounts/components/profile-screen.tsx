/** user/profile: who is signed in, the profile dialog, and the interface language (saved in settings). */
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { applyLanguage } from '../../../state/language.ts';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { DefinitionRow, DefinitionTable } from '../../../components/definition-table.tsx';

export const ProfileScreen = observer(function ProfileScreen() {
  const account = sessionStore.account;
  const replaceSettings = useReplaceSettings();
  if (!account) return null;

  const changeLanguage = (code: string) => {
    applyLanguage(code);
    if (!account.IsGuest) replaceSettings.mutate({ key: 'lang', value: code });
  };

  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="segments.profile" />} />
      <div className="card">
        <DefinitionTable>
          <DefinitionRow label={<FormattedMessage id="dialogs.profile.id" />}>{account.Id}</DefinitionRow>
          <DefinitionRow label={<FormattedMessage id="dialogs.profile.name" />}>{account.Name}</DefinitionRow>
          <DefinitionRow label={<FormattedMessage id="dialogs.profile.job_title" />}>{account.Title}</DefinitionRow>
          <DefinitionRow label={<FormattedMessage id="user.profile.role" />}>{account.RoleName}</DefinitionRow>
        </DefinitionTable>
        {!account.IsGuest && (
          <div className="form-actions">
            <button type="button" className="button" onClick={() => uiStore.openDialog('profile')}>
              <FormattedMessage id="user.profile.edit" />
            </button>
          </div>
        )}
      </div>
      <div className="card card-narrow">
        <LanguageSelect value={uiStore.language} onChange={changeLanguage} />
      </div>
    </div>
  );
});
