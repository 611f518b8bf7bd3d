/**
 * The worklist table: the user's columns (settings `mwm.fields`), sortable by the keys the server
 * orders by, one selected row (click; double click edits). The Status cell links an entry to the
 * study that arrived for it.
 */
import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { WORKLIST_ORDER_KEYS, type ColumnSetting } from '@pacs/common';
import { columnLabel } from '../../../i18n/default-labels.ts';
import { paths } from '../../../lib/paths.ts';
import { alignStyle, formatCell, PersonName, type FormatContext } from '../../studies/index.ts';
import { STATUS_LABELS } from '../messages.ts';
import type { WorklistItem } from '../types.ts';
import type { WorklistStore } from '../worklist-store.ts';

const SORTABLE: ReadonlySet<string> = new Set(WORKLIST_ORDER_KEYS);
const NAME_KEYS = new Set(['PatientName', 'ReferringPhysicianName', 'PerformingPhysicianName']);

interface WorklistTableProps {
  store: WorklistStore;
  columns: readonly ColumnSetting[];
  context: FormatContext;
  onEdit: (item: WorklistItem) => void;
}

function StatusCell({ item }: { item: WorklistItem }) {
  const intl = useIntl();
  return (
    <span className="worklist-status-cell">
      <span className={`status-badge status-${item.Status}`}>{intl.formatMessage(STATUS_LABELS[item.Status])}</span>
      {item.PerformedStudyInstanceUID && (
        <Link
          className="worklist-study-link"
          to={`${paths.viewer.getHref()}?studyinstanceuid=${encodeURIComponent(item.PerformedStudyInstanceUID)}`}
          onClick={(event) => event.stopPropagation()}
        >
          <FormattedMessage id="worklist.open_study" />
        </Link>
      )}
    </span>
  );
}

export const WorklistTable = observer(function WorklistTable({ store, columns, context, onEdit }: WorklistTableProps) {
  const intl = useIntl();
  const sortOf = (key: string) => store.order.find((term) => term.key.toLowerCase() === key.toLowerCase());
  return (
    <div className="list-table-wrap">
      <table
        className="list-table worklist-table"
        style={{ inlineSize: columns.reduce((sum, column) => sum + column.width, 0) }}
        aria-label={intl.formatMessage({ id: 'worklist.title' })}
        aria-busy={store.loading}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={{ inlineSize: column.width, width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => {
              const sortable = SORTABLE.has(column.key.toLowerCase());
              const sort = sortOf(column.key);
              return (
                <th
                  key={column.key}
                  scope="col"
                  style={alignStyle(column)}
                  className={sort ? 'is-sorted' : undefined}
                  aria-sort={sort ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  {sortable ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={(event) => {
                        store.sortBy(column.key.toLowerCase(), event.shiftKey);
                        void store.search();
                      }}
                    >
                      <span className="sort-label">{columnLabel(intl, column)}</span>
                      {sort && (
                        <span className="sort-mark" aria-hidden="true">
                          {sort.desc ? '▼' : '▲'}
                        </span>
                      )}
                    </button>
                  ) : (
                    columnLabel(intl, column)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {store.rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {store.loading || !store.loaded ? (
                  <FormattedMessage id="common.loading" />
                ) : (
                  <FormattedMessage id="common.no_items_found" />
                )}
              </td>
            </tr>
          ) : (
            store.rows.map(({ item, is_refreshed }) => {
              const selected = store.selectedUid === item.UID;
              return (
                <tr
                  key={item.UID}
                  className={`list-row${selected ? ' is-selected' : ''}${is_refreshed ? ' is-refreshed' : ''}`}
                  aria-selected={selected}
                  tabIndex={0}
                  onClick={() => store.toggle(item.UID)}
                  onDoubleClick={() => onEdit(item)}
                  onKeyDown={(event) => {
                    if (event.key === ' ') {
                      event.preventDefault();
                      store.toggle(item.UID);
                    } else if (event.key === 'Enter') onEdit(item);
                  }}
                >
                  {columns.map((column) => (
                    <td key={column.key} style={alignStyle(column)}>
                      {column.key === 'Status' ? (
                        <StatusCell item={item} />
                      ) : NAME_KEYS.has(column.key) ? (
                        <PersonName value={String((item as unknown as Record<string, unknown>)[column.key] ?? '')} />
                      ) : (
                        formatCell(column.key, item, context)
                      )}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
});
