import { useField } from 'formik';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Edition, PermissionKey, Permissions, TeleradiologyKind } from '@pacs/common';
import { PERMISSION_GROUP_LABELS, PERMISSION_LABELS } from '../messages.ts';
import { PERMISSION_GROUPS, unavailability } from '../permission-grid.ts';

interface PermissionCheckboxesProps {
  name: string;
  edition: Edition;
  kind: TeleradiologyKind | null;
}

/**
 * The role's permissions grouped by area. A key the edition or kind cannot grant is shown
 * disabled with the reason; while `all` is on, every other key is implied and shown so.
 */
export function PermissionCheckboxes({ name, edition, kind }: PermissionCheckboxesProps) {
  const intl = useIntl();
  const id = useId();
  const [field, , helpers] = useField<Permissions>(name);
  const granted = field.value;
  const all = granted.all === true;

  const set = (key: PermissionKey, on: boolean) => {
    const next: Permissions = { ...granted };
    if (on) next[key] = true;
    else delete next[key];
    void helpers.setValue(next);
  };

  const checkbox = (key: PermissionKey) => {
    const reason = unavailability(key, edition, kind);
    const implied = key !== 'all' && all && reason === null;
    const checked = reason === null && (implied || granted[key] === true);
    const inputId = `${id}-${key}`;
    return (
      <div key={key} className={`permission${reason ? ' permission-unavailable' : ''}`}>
        <input
          id={inputId}
          type="checkbox"
          className="checkbox"
          checked={checked}
          disabled={reason !== null || implied}
          onChange={(event) => set(key, event.target.checked)}
          aria-describedby={reason ? `${inputId}-reason` : undefined}
        />
        <label htmlFor={inputId}>
          {intl.formatMessage(PERMISSION_LABELS[key])}
          {reason && (
            <span id={`${inputId}-reason`} className="permission-reason">
              {reason === 'edition' ? (
                <FormattedMessage id="accounts_admin.permissions.not_in_edition" />
              ) : (
                <FormattedMessage id="accounts_admin.permissions.not_for_kind" />
              )}
            </span>
          )}
        </label>
      </div>
    );
  };

  return (
    <fieldset className="fieldset permission-grid">
      <legend>
        <FormattedMessage id="accounts_admin.roles.permissions" />
      </legend>
      <div className="permission-all">
        {checkbox('all')}
        <p className="field-hint">
          <FormattedMessage id="accounts_admin.permissions.all_hint" />
        </p>
      </div>
      {PERMISSION_GROUPS.map((group) => (
        <div key={group.key} className="permission-group" role="group" aria-labelledby={`${id}-group-${group.key}`}>
          <div id={`${id}-group-${group.key}`} className="permission-group-title">
            {intl.formatMessage(PERMISSION_GROUP_LABELS[group.key])}
          </div>
          <div className="permission-items">{group.keys.map(checkbox)}</div>
        </div>
      ))}
    </fieldset>
  );
}
