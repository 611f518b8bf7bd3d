/** user/profile: who is signed in, the profile dialog, and the interface language (saved in settings). */
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { applyLanguage } from '../../../state/language.ts';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';

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
        <table className="table table-definition">
          <tbody>
            <tr>
              <th scope="row">
                <FormattedMessage id="dialogs.profile.id" />
              </th>
              <td>{account.Id}</td>
            </tr>
            <tr>
              <th scope="row">
                <FormattedMessage id="dialogs.profile.name" />
              </th>
              <td>{account.Name}</td>
            </tr>
            <tr>
              <th scope="row">
                <FormattedMessage id="dialogs.profile.job_title" />
              </th>
              <td>{account.Title}</td>
            </tr>
            <tr>
              <th scope="row">
                <FormattedMessage id="user.profile.role" />
              </th>
              <td>{account.RoleName}</td>
            </tr>
          </tbody>
        </table>
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
