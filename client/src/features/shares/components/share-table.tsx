/**
 * A share table (spec 3 §2): the configured columns, click selects a row, double-click opens its
 * information, and the info, edit and delete cells open those dialogs.
 */
import { useIntl } from 'react-intl';
import type { ColumnSetting, ShareItem, ShareKind } from '@pacs/common';
import type { FormatContext } from '../../studies/index.ts';
import { formatShareCell } from '../share-columns.ts';
import { SHARE_MESSAGES as M, SHARE_TYPE_LABELS, shareColumnLabel } from '../messages.ts';
import { Icon, type IconName } from '../../../components/icons.tsx';
import '../shares.css';

export type ShareCommandKey = 'info' | 'edit' | 'delete';

export interface ShareTableProps {
  kind: ShareKind;
  shares: readonly ShareItem[];
  columns: readonly ColumnSetting[];
  context: FormatContext;
  selectedNo: number | null;
  loading?: boolean;
  onSelect: (share: ShareItem) => void;
  onCommand: (command: ShareCommandKey, share: ShareItem) => void;
}

const ALIGN = { left: 'start', center: 'center', right: 'end' } as const;

export function ShareTable({ kind, shares, columns, context, selectedNo, loading, onSelect, onCommand }: ShareTableProps) {
  const intl = useIntl();
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  return (
    <div className="share-table-wrap">
      <table className={`list-table share-table share-table-${kind}`} style={{ inlineSize: width }} aria-busy={loading ?? false}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={{ inlineSize: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" style={{ textAlign: ALIGN[column.alignment] }}>
                {column.is_cmd ? <span className="visually-hidden">{shareColumnLabel(intl, column)}</span> : shareColumnLabel(intl, column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shares.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {intl.formatMessage(loading ? M.loading : M.empty)}
              </td>
            </tr>
          ) : (
            shares.map((share) => (
              <tr
                key={share.No}
                className={`share-row${share.No === selectedNo ? ' is-selected' : ''}`}
                aria-selected={share.No === selectedNo}
                data-no={share.No}
                onClick={() => onSelect(share)}
                onDoubleClick={() => onCommand('info', share)}
              >
                {columns.map((column) =>
                  column.is_cmd ? (
                    <td key={column.key} className="share-cmd-cell" style={{ textAlign: 'center' }}>
                      <button
                        type="button"
                        className={`icon-button share-cmd share-cmd-${column.key}`}
                        aria-label={shareColumnLabel(intl, column)}
                        title={shareColumnLabel(intl, column)}
                        onClick={(event) => {
                          event.stopPropagation();
                          onSelect(share);
                          onCommand(column.key as ShareCommandKey, share);
                        }}
                        onDoubleClick={(event) => event.stopPropagation()}
                      >
                        <Icon name={column.key as IconName} size={16} strokeWidth={1.9} />
                      </button>
                    </td>
                  ) : (
                    <td key={column.key} style={{ textAlign: ALIGN[column.alignment] }} data-key={column.key}>
                      <bdi>{formatShareCell(column.key, share, context, intl.formatMessage(SHARE_TYPE_LABELS.guest))}</bdi>
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
