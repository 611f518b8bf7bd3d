/** Pieces the three sections share: the heading with its Add button, the table frame, row actions, empty rows. */
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

export interface Heading {
  /** Message id of the column's title. */
  id: string;
  className?: string;
}

interface DataTableProps {
  headings: readonly Heading[];
  /** Undefined while loading. */
  rows: readonly unknown[] | undefined;
  children: ReactNode;
  className?: string;
  /** A last, untitled column for each row's buttons. */
  actionsColumn?: boolean;
}

/** A table of rows: the headings, then the rows, or a loading / nothing-found row. */
export function DataTable({ headings, rows, children, className, actionsColumn = false }: DataTableProps) {
  const columns = headings.length + (actionsColumn ? 1 : 0);
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : 'table'}>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading.id} scope="col" {...(heading.className ? { className: heading.className } : {})}>
                <FormattedMessage id={heading.id} />
              </th>
            ))}
            {actionsColumn && (
              <th scope="col" className="access-actions-head">
                <span className="visually-hidden">
                  <FormattedMessage id="accounts_admin.actions" />
                </span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{rows === undefined || rows.length === 0 ? <TableStatus columns={columns} loading={rows === undefined} /> : children}</tbody>
      </table>
    </div>
  );
}

/** A section's table of the access screens, with a last column for actions. */
export function AccessTable(props: Omit<DataTableProps, 'className' | 'actionsColumn'>) {
  return <DataTable {...props} className="access-table" actionsColumn />;
}
