import { useState } from 'react';
import { AUTO_DELETE_MESSAGES as M } from '../messages.ts';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-fields.tsx';
import { useRunAutoDelete } from '../api/run-auto-delete.ts';
import type { AutoDeleteRun, AutoDeleteSettingsFind } from '../types.ts';

/** "Run now" with its confirmation: the saved rules, applied at once. */
export function RunNow({ settings }: { settings: AutoDeleteSettingsFind }) {
  const run = useRunAutoDelete();
  const [confirming, setConfirming] = useState(false);
  const [last, setLast] = useState<AutoDeleteRun>();
  return (
    <section aria-labelledby="autodelete-run-title" className="autodelete-run">
      <h2 id="autodelete-run-title" className="card-title">
        <FormattedMessage id="admin.auto_delete.run.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="admin.auto_delete.run.description" />
      </p>
      {last && (
        <FormAlert tone="success">
          <FormattedMessage {...(last.Deleted > 0 ? M.deleted : M.moved)} values={{ count: last.Studies }} />
        </FormAlert>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button-danger"
          disabled={!settings.Available || run.isPending}
          onClick={() => setConfirming(true)}
        >
          <FormattedMessage id="admin.auto_delete.run.button" />
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={<FormattedMessage id="admin.auto_delete.run.confirm_title" />}
          confirmLabel={<FormattedMessage id="admin.auto_delete.run.button" />}
          danger
          showErrors
          onClose={() => setConfirming(false)}
          onConfirm={() => run.mutateAsync().then(setLast)}
        >
          <p>
            <FormattedMessage {...(settings.DeleteNow ? M.confirm_delete : M.confirm_bin)} />
          </p>
          {settings.DeleteNow && (
            <p>
              <strong>
                <FormattedMessage id="admin.auto_delete.run.cannot_be_undone" />
              </strong>
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
