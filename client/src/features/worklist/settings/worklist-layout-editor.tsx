/**
 * The worklist's layout as both settings pages edit it (user/mwm/general for the user's own,
 * admin/client/mwm for the site's): the columns (ColumnsEditor, PatientID and PatientName always
 * shown), entries per page, the default order and, for the site, the quick search. The draft is
 * the caller's; the rules are common's `worklistLayoutProblems`, which the adapter applies too.
 */
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  defaultColumnLabel,
  MATCH_TYPES,
  WORKLIST_ALWAYS_VISIBLE,
  WORKLIST_MAX_LIMIT,
  WORKLIST_QUICK_SEARCH_KEYS,
  type ColumnSetting,
  type MatchType,
  type OrderBy,
  type QuickSearch,
} from '@pacs/common';
import { ColumnsEditor } from '../../../components/columns-editor.tsx';
import { columnLabel } from '../../../i18n/default-labels.ts';

export interface LayoutDraft {
  fields: ColumnSetting[];
  limit: number;
  orderby: OrderBy[];
  /** Only the site's layout has one. */
  quick_search?: QuickSearch;
}

export const M = defineMessages({
  columns: { id: 'worklist_settings.columns' },
  columns_hint: { id: 'worklist_settings.columns_hint' },
  limit: { id: 'worklist_settings.limit' },
  limit_invalid: { id: 'worklist_settings.limit_invalid' },
  options: { id: 'worklist_settings.options' },
  order_key: { id: 'worklist_settings.order_key' },
  order_direction: { id: 'worklist_settings.order_direction' },
  ascending: { id: 'worklist_settings.ascending' },
  descending: { id: 'worklist_settings.descending' },
  quick_search: { id: 'worklist_settings.quick_search' },
  match: { id: 'worklist_settings.match' },
});

export const MATCH_LABELS = defineMessages<MatchType>({
  partial: { id: 'studies.search.match_types.partial' },
  perfect: { id: 'studies.search.match_types.perfect' },
  forward: { id: 'studies.search.match_types.forward' },
  backward: { id: 'studies.search.match_types.backward' },
});

/** Keys the worklist orders by (common WORKLIST_ORDER_KEYS), as their columns are named. */
const ORDER_KEYS = [
  'UpdatedAt',
  'StudyDateTime',
  'Status',
  'Modality',
  'PatientID',
  'PatientName',
  'PatientBirthDate',
  'PatientSex',
  'PatientAge',
  'AccessionNumber',
  'StudyDescription',
  'ReferringPhysicianName',
  'PerformingPhysicianName',
  'AETitle',
] as const;

const LOCKED: ReadonlySet<string> = new Set(WORKLIST_ALWAYS_VISIBLE);

interface WorklistLayoutEditorProps {
  draft: LayoutDraft;
  onChange: (draft: LayoutDraft) => void;
  /** Problems by member (`limit`, `fields.study`, ...), shown once a save was tried. */
  problems: Record<string, string>;
  showProblems: boolean;
}

export function WorklistLayoutEditor({ draft, onChange, problems, showProblems }: WorklistLayoutEditorProps) {
  const intl = useIntl();
  const id = useId();
  const label = (key: string) => columnLabel(intl, { key, label: defaultColumnLabel(key) ?? key });
  const order = draft.orderby[0] ?? { key: 'UpdatedAt', desc: true };
  const setOrder = (patch: Partial<OrderBy>) => onChange({ ...draft, orderby: [{ ...order, ...patch }, ...draft.orderby.slice(1)] });
  const limitInvalid = showProblems && problems.limit !== undefined;
  const quick = draft.quick_search;

  return (
    <>
      <ColumnsEditor
        kind="mwm"
        title={intl.formatMessage(M.columns)}
        hint={intl.formatMessage(M.columns_hint)}
        columns={draft.fields}
        onChange={(fields) => onChange({ ...draft, fields })}
        showProblems={showProblems}
        defaultLabel={(column) => label(column.key)}
        locked={LOCKED}
      />
      <fieldset className="fieldset list-editor-section worklist-layout-options">
        <legend>{intl.formatMessage(M.options)}</legend>
        <div className="form-row">
          <div className={`field${limitInvalid ? ' field-invalid' : ''}`}>
            <label htmlFor={`${id}-limit`} className="field-label">
              {intl.formatMessage(M.limit)}
            </label>
            <input
              id={`${id}-limit`}
              className="input worklist-limit-input"
              type="number"
              min={1}
              max={WORKLIST_MAX_LIMIT}
              aria-invalid={limitInvalid || undefined}
              aria-describedby={limitInvalid ? `${id}-limit-error` : undefined}
              value={Number.isFinite(draft.limit) ? draft.limit : ''}
              onChange={(event) => onChange({ ...draft, limit: event.target.valueAsNumber })}
            />
            {limitInvalid && (
              <div id={`${id}-limit-error`} className="field-error">
                {intl.formatMessage(M.limit_invalid, { max: WORKLIST_MAX_LIMIT })}
              </div>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-order`} className="field-label">
              {intl.formatMessage(M.order_key)}
            </label>
            <select
              id={`${id}-order`}
              className="input select"
              value={order.key}
              onChange={(event) => setOrder({ key: event.target.value })}
            >
              {ORDER_KEYS.map((key) => (
                <option key={key} value={key}>
                  {label(key)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-direction`} className="field-label">
              {intl.formatMessage(M.order_direction)}
            </label>
            <select
              id={`${id}-direction`}
              className="input select"
              value={order.desc ? 'desc' : 'asc'}
              onChange={(event) => setOrder({ desc: event.target.value === 'desc' })}
            >
              <option value="asc">{intl.formatMessage(M.ascending)}</option>
              <option value="desc">{intl.formatMessage(M.descending)}</option>
            </select>
          </div>
        </div>
        {quick && (
          <div className="form-row">
            <div className="field">
              <label htmlFor={`${id}-quick`} className="field-label">
                {intl.formatMessage(M.quick_search)}
              </label>
              <select
                id={`${id}-quick`}
                className="input select"
                value={quick.key}
                onChange={(event) => onChange({ ...draft, quick_search: { ...quick, key: event.target.value } })}
              >
                {WORKLIST_QUICK_SEARCH_KEYS.map((key) => (
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
                value={quick.type}
                onChange={(event) => onChange({ ...draft, quick_search: { ...quick, type: event.target.value as MatchType } })}
              >
                {MATCH_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {intl.formatMessage(MATCH_LABELS[type])}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
      </fieldset>
    </>
  );
}
