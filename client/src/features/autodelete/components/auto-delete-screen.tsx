/** admin/server/auto-delete: the rules and the daily hour, Run now, and the history of runs. */
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { FormAlert } from '../../../components/form-fields.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { sessionStore } from '../../../state/index.ts';
import { useAutoDeleteSettings } from '../api/get-auto-delete-settings.ts';
import '../autodelete.css';
import { AutoDeleteForm } from './auto-delete-form.tsx';
import { RunHistory } from './run-history.tsx';
import { RunNow } from './run-now.tsx';

function Loading() {
  return (
    <p className="muted" role="status">
      <FormattedMessage id="common.loading" />
    </p>
  );
}

export const AutoDeleteScreen = observer(function AutoDeleteScreen() {
  const settings = useAutoDeleteSettings();
  const timeZone = sessionStore.configs?.time_zone || undefined;
  return (
    <div className="page autodelete-page">
      <PageHeader
        title={<FormattedMessage id="admin.auto_delete.title" />}
        description={<FormattedMessage id="admin.auto_delete.description" />}
      />
      {settings.data && !settings.data.Available && (
        <FormAlert>
          <FormattedMessage id="errors.auto_delete_not_available" />
        </FormAlert>
      )}
      <div className="autodelete-grid">
        <div className="card">{settings.data ? <AutoDeleteForm settings={settings.data} /> : <Loading />}</div>
        <div className="card">{settings.data ? <RunNow settings={settings.data} /> : <Loading />}</div>
      </div>
      <div className="card">
        <RunHistory {...(timeZone ? { timeZone } : {})} />
      </div>
    </div>
  );
});
