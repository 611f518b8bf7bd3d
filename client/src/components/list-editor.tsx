/**
 * The one editor behind the settings screens' row lists (the user's share shortcuts and people,
 * the share, worklist and other list columns, the worklist search fields): a table of
 * kind-specific cells, a Visible tick box, move up/down and, for lists the user grows, Remove and
 * Add. The rows stay the caller's state: every change hands back the whole new list. The small
 * cell components keep the inputs of all those lists alike (classes, aria labels, invalid marks).
 * On a phone each row becomes a card, every cell under its column's heading (`data-label`), so
 * nothing scrolls sideways (list-editor.css).
 */
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { moveEntry } from '../lib/move-entry.ts';
import './list-editor.css';

const M = defineMessages({
  visible: { id: 'list_editor.visible' },
  move_up: { id: 'list_editor.move_up' },
  move_down: { id: 'list_editor.move_down' },
  remove: { id: 'list_editor.remove' },
  add: { id: 'list_editor.add' },
});

export interface ListColumn<T> {
  header: string;
  /** The cell's content; `change` replaces the row's fields with the patch. */
  render: (item: T, change: (patch: Partial<T>) => void, index: number) => ReactNode;
  className?: string;
}

export interface ListEditorProps<T extends object> {
  title: string;
  hint?: string;
  /** Test hooks: `data-kind` on the fieldset, `data-section` on the table. */
  kind?: string;
  section?: string;
  items: readonly T[];
  columns: readonly ListColumn<T>[];
  onChange: (items: T[]) => void;
  /** The row the Add button appends; without it rows can be neither added nor removed. */
  newItem?: () => T;
  /** A stable key of a row, also written as its `data-key`; rows without one are keyed by place. */
  rowKey?: (item: T) => string;
  isInvalid?: (index: number) => boolean;
  /** Rows that are always shown: their Visible box stays ticked and cannot be changed. */
  isLocked?: (item: T) => boolean;
  /** Rows without an `is_visible` (window presets, hanging protocols): no Visible column. */
  noVisibility?: boolean;
  /** Rows whose order means nothing (the viewer's shortcuts): no move buttons. */
  fixedOrder?: boolean;
}

export function ListEditor<T extends object>({
  title,
  hint,
  kind,
  section,
  items,
  columns,
  onChange,
  newItem,
  rowKey,
  isInvalid,
  isLocked,
  noVisibility = false,
  fixedOrder = false,
}: ListEditorProps<T>) {
  const intl = useIntl();
  const change = (index: number, patch: Partial<T>) => onChange(items.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  const columnCount = columns.length + (noVisibility ? 1 : 2);
  return (
    <fieldset className="fieldset list-editor-section" data-kind={kind}>
      <legend>{title}</legend>
      {hint !== undefined && <p className="field-hint">{hint}</p>}
      <div className="list-editor-scroll">
        <table className="table table-cards list-editor-table" data-section={section}>
          <thead>
            <tr>
              {columns.map((column, at) => (
                <th key={at} scope="col">
                  {column.header}
                </th>
              ))}
              {!noVisibility && <th scope="col">{intl.formatMessage(M.visible)}</th>}
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && (
              <tr>
                <td colSpan={columnCount} className="table-empty">
                  <FormattedMessage id="common.no_items_found" />
                </td>
              </tr>
            )}
            {items.map((item, index) => {
              const key = rowKey?.(item);
              return (
                <tr key={key ?? index} data-key={key} className={isInvalid?.(index) ? 'is-invalid' : undefined}>
                  {columns.map((column, at) => (
                    <td key={at} className={column.className} data-label={column.header || undefined}>
                      {column.render(item, (patch) => change(index, patch), index)}
                    </td>
                  ))}
                  {!noVisibility && (
                    <td className="list-editor-visible" data-label={intl.formatMessage(M.visible)}>
                      <input
                        type="checkbox"
                        aria-label={intl.formatMessage(M.visible)}
                        disabled={isLocked?.(item)}
                        checked={(item as { is_visible?: boolean }).is_visible === true || isLocked?.(item) === true}
                        onChange={(event) => change(index, { is_visible: event.target.checked } as unknown as Partial<T>)}
                      />
                    </td>
                  )}
                  <td className="list-editor-tools">
                    {!fixedOrder && (
                      <>
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={intl.formatMessage(M.move_up)}
                          disabled={index === 0}
                          onClick={() => onChange(moveEntry(items, index, -1))}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={intl.formatMessage(M.move_down)}
                          disabled={index === items.length - 1}
                          onClick={() => onChange(moveEntry(items, index, 1))}
                        >
                          ↓
                        </button>
                      </>
                    )}
                    {newItem && (
                      <button
                        type="button"
                        className="button button-small"
                        onClick={() => onChange(items.filter((_item, at) => at !== index))}
                      >
                        {intl.formatMessage(M.remove)}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {newItem && (
        <div>
          <button type="button" className="button button-small" onClick={() => onChange([...items, newItem()])}>
            {intl.formatMessage(M.add)}
          </button>
        </div>
      )}
    </fieldset>
  );
}

interface CellProps<V> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  invalid?: boolean;
}

export function TextCell({
  label,
  value,
  onChange,
  invalid,
  type,
  maxLength,
  placeholder,
  className,
}: CellProps<string> & { type?: 'email'; maxLength?: number; placeholder?: string; className?: string }) {
  return (
    <input
      className={className ? `input ${className}` : 'input'}
      type={type}
      maxLength={maxLength}
      placeholder={placeholder}
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A whole number between `min` and `max`; an emptied field is NaN, which the checks refuse. */
export function NumberCell({
  label,
  value,
  onChange,
  invalid,
  min,
  max,
  className,
}: CellProps<number> & { min: number; max: number; className: string }) {
  return (
    <input
      className={`input ${className}`}
      type="number"
      min={min}
      max={max}
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={Number.isFinite(value) ? value : ''}
      onChange={(event) => onChange(event.target.valueAsNumber)}
    />
  );
}

/** A choice; with `placeholder` an empty first option stands for "none chosen". */
export function SelectCell({
  label,
  value,
  onChange,
  invalid,
  options,
  placeholder,
  disabled,
}: CellProps<string> & { options: readonly { value: string; label: string }[]; placeholder?: string; disabled?: boolean }) {
  return (
    <select
      className="input select"
      aria-label={label}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
