/** Pieces the three sections share: the heading with its Add button, row actions, empty rows. */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

interface SectionToolbarProps {
  titleId: string;
  title: ReactNode;
  count: ReactNode;
  addLabel: ReactNode;
  onAdd: () => void;
  addDisabled?: boolean;
  /** Why Add is disabled, shown beside it. */
  addHint?: ReactNode;
}

export function SectionToolbar({ titleId, title, count, addLabel, onAdd, addDisabled = false, addHint }: SectionToolbarProps) {
  return (
    <div className="access-toolbar">
      <div>
        <h2 id={titleId} className="card-title">
          {title}
        </h2>
        <p className="muted">{count}</p>
      </div>
      <div className="access-toolbar-end">
        {addDisabled && addHint && <span className="field-hint">{addHint}</span>}
        <button type="button" className="button button-primary" onClick={onAdd} disabled={addDisabled}>
          {addLabel}
        </button>
      </div>
    </div>
  );
}

interface RowActionsProps {
  /** The row's name, for the buttons' accessible names. */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
}

export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  const intl = useIntl();
  return (
    <>
      {onEdit && (
        <button
          type="button"
          className="button button-small"
          onClick={onEdit}
          aria-label={intl.formatMessage({ id: 'accounts_admin.edit_named' }, { name })}
        >
          <FormattedMessage id="accounts_admin.edit" />
        </button>
      )}
      {onDelete && (
        <button
          type="button"
          className="button button-small button-danger-quiet"
          onClick={onDelete}
          aria-label={intl.formatMessage({ id: 'accounts_admin.delete_named' }, { name })}
        >
          <FormattedMessage id="accounts_admin.delete.confirm" />
        </button>
      )}
    </>
  );
}

export function TableStatus({ columns, loading }: { columns: number; loading: boolean }) {
  return (
    <tr>
      <td colSpan={columns} className="table-empty">
        {loading ? <FormattedMessage id="common.loading" /> : <FormattedMessage id="common.no_items_found" />}
      </td>
    </tr>
  );
}
