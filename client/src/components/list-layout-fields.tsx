/**
 * Fields every list layout page has, whichever list it arranges (the study list's user/list pages,
 * the worklist's user and site layouts): the rows per page, the quick search's field and match
 * type, and the search fields of a list's search dialog with their match types.
 */
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { MATCH_TYPES, type MatchType, type QuickSearch, type SearchField } from '@pacs/common';
import { ListEditor, SelectCell } from './list-editor.tsx';

const M = defineMessages({
  limit_invalid: { id: 'list_editor.limit_invalid' },
  quick_search: { id: 'list_editor.quick_search' },
  match: { id: 'list_editor.match' },
  field: { id: 'list_editor.field' },
  exact: { id: 'list_editor.exact' },
});

/** The match types' names, as the search bars and the settings pages show them. */
export const MATCH_LABELS = defineMessages<MatchType>({
  partial: { id: 'studies.search.match_types.partial' },
  perfect: { id: 'studies.search.match_types.perfect' },
  forward: { id: 'studies.search.match_types.forward' },
  backward: { id: 'studies.search.match_types.backward' },
});

export interface LimitFieldProps {
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
  /** Show the "whole number from 1 to max" message. */
  invalid: boolean;
  className?: string;
}

/** Rows per page: a whole number from 1 to `max`; an emptied field is NaN, which the rules refuse. */
export function LimitField({ label, value, max, onChange, invalid, className }: LimitFieldProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className={className ? `input ${className}` : 'input'}
        type="number"
        min={1}
        max={max}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        value={Number.isFinite(value) ? value : ''}
        onChange={(event) => onChange(event.target.valueAsNumber)}
      />
      {invalid && (
        <div id={`${id}-error`} className="field-error">
          {intl.formatMessage(M.limit_invalid, { max })}
        </div>
      )}
    </div>
  );
}

export interface QuickSearchFieldsProps {
  value: QuickSearch;
  keys: readonly string[];
  label: (key: string) => string;
  onChange: (value: QuickSearch) => void;
}

/** The quick search's field and match type, side by side. */
export function QuickSearchFields({ value, keys, label, onChange }: QuickSearchFieldsProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="form-row">
      <div className="field">
        <label htmlFor={`${id}-quick`} className="field-label">
          {intl.formatMessage(M.quick_search)}
        </label>
        <select
          id={`${id}-quick`}
          className="input select"
          value={value.key}
          onChange={(event) => onChange({ ...value, key: event.target.value })}
        >
          {keys.map((key) => (
            <option key={key} value={key}>
              {label(key)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-match`} className="field-label">
          {intl.formatMessage(M.match)}
        </label>
        <select
          id={`${id}-match`}
          className="input select"
          value={value.type}
          onChange={(event) => onChange({ ...value, type: event.target.value as MatchType })}
        >
          {MATCH_TYPES.map((type) => (
            <option key={type} value={type}>
              {intl.formatMessage(MATCH_LABELS[type])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export interface SearchFieldsEditorProps {
  kind: string;
  title: string;
  hint?: string;
  fields: readonly SearchField[];
  onChange: (fields: SearchField[]) => void;
  label: (key: string) => string;
  /** Fields whose match type can be chosen; the others match exactly. */
  isText: (key: string) => boolean;
}

/** A search dialog's fields: order, visibility and, for text fields, the match type. */
export function SearchFieldsEditor({ kind, title, hint, fields, onChange, label, isText }: SearchFieldsEditorProps) {
  const intl = useIntl();
  return (
    <ListEditor
      kind={kind}
      title={title}
      {...(hint !== undefined ? { hint } : {})}
      items={fields}
      onChange={onChange}
      rowKey={(field) => field.key}
      columns={[
        { header: intl.formatMessage(M.field), render: (field) => label(field.key) },
        {
          header: intl.formatMessage(M.match),
          render: (field, change) =>
            isText(field.key) ? (
              <SelectCell
                label={intl.formatMessage(M.match)}
                value={field.type}
                onChange={(value) => change({ type: value as MatchType })}
                options={MATCH_TYPES.map((type) => ({ value: type, label: intl.formatMessage(MATCH_LABELS[type]) }))}
              />
            ) : (
              <span className="muted">{intl.formatMessage(M.exact)}</span>
            ),
        },
      ]}
    />
  );
}
