/**
 * A list's columns as the settings screens edit them (spec 2 §3 "Column setting"): order, label,
 * width (40–400), alignment and visibility, in one ListEditor. The share columns, the worklist's
 * site and user layouts use it; `locked` keeps columns that are always shown ticked.
 */
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  COLUMN_LABEL_MAX_LENGTH,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  isColumnWidth,
  type Alignment,
  type ColumnSetting,
} from '@pacs/common';
import { ListEditor, NumberCell, SelectCell, TextCell } from './list-editor.tsx';

const M = defineMessages({
  column_key: { id: 'list_editor.column_key' },
  label: { id: 'list_editor.label' },
  width: { id: 'list_editor.width' },
  alignment: { id: 'list_editor.alignment' },
  align_left: { id: 'list_editor.align_left' },
  align_center: { id: 'list_editor.align_center' },
  align_right: { id: 'list_editor.align_right' },
  width_invalid: { id: 'list_editor.width_invalid' },
});

const ALIGNMENTS: readonly Alignment[] = ['left', 'center', 'right'];
const ALIGNMENT_LABELS = { left: M.align_left, center: M.align_center, right: M.align_right } as const;

export interface ColumnsEditorProps {
  title: string;
  hint?: string;
  /** Test hook: `data-kind` on the fieldset. */
  kind?: string;
  columns: readonly ColumnSetting[];
  onChange: (columns: ColumnSetting[]) => void;
  /** Mark widths out of range (after a refused save). */
  showProblems: boolean;
  /** The heading a column shows when its label is left empty or unchanged. */
  defaultLabel: (column: ColumnSetting) => string;
  /** Keys whose column is always shown. */
  locked?: ReadonlySet<string>;
  /** Something after the key (a "command" badge). */
  keyBadge?: (column: ColumnSetting) => ReactNode;
}

/** Whether every width is within 40–400 pixels (spec 2 §5). */
export function columnWidthsValid(columns: readonly ColumnSetting[]): boolean {
  return columns.every((column) => isColumnWidth(column.width));
}

/** The message of a refused width, for the page's problem line. */
export function useColumnWidthProblem(): string {
  const intl = useIntl();
  return intl.formatMessage(M.width_invalid, { min: MIN_COLUMN_WIDTH, max: MAX_COLUMN_WIDTH });
}

export function ColumnsEditor({ title, hint, kind, columns, onChange, showProblems, defaultLabel, locked, keyBadge }: ColumnsEditorProps) {
  const intl = useIntl();
  return (
    <ListEditor
      kind={kind}
      title={title}
      {...(hint !== undefined ? { hint } : {})}
      items={columns}
      onChange={onChange}
      rowKey={(column) => column.key}
      isLocked={(column) => locked?.has(column.key) === true}
      columns={[
        {
          header: intl.formatMessage(M.column_key),
          className: 'mono',
          render: (column) => (
            <>
              {column.key}
              {keyBadge?.(column)}
            </>
          ),
        },
        {
          header: intl.formatMessage(M.label),
          render: (column, change) => (
            <TextCell
              className="list-editor-label"
              label={intl.formatMessage(M.label)}
              maxLength={COLUMN_LABEL_MAX_LENGTH}
              placeholder={defaultLabel(column)}
              value={column.label}
              onChange={(value) => change({ label: value })}
            />
          ),
        },
        {
          header: intl.formatMessage(M.width),
          render: (column, change) => (
            <NumberCell
              className="list-editor-width"
              min={MIN_COLUMN_WIDTH}
              max={MAX_COLUMN_WIDTH}
              label={intl.formatMessage(M.width)}
              invalid={showProblems && !isColumnWidth(column.width)}
              value={column.width}
              onChange={(value) => change({ width: value })}
            />
          ),
        },
        {
          header: intl.formatMessage(M.alignment),
          render: (column, change) => (
            <SelectCell
              label={intl.formatMessage(M.alignment)}
              value={column.alignment}
              onChange={(value) => change({ alignment: value as Alignment })}
              options={ALIGNMENTS.map((alignment) => ({ value: alignment, label: intl.formatMessage(ALIGNMENT_LABELS[alignment]) }))}
            />
          ),
        },
      ]}
    />
  );
}
