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
  WORKLIST_ALWAYS_VISIBLE,
  WORKLIST_MAX_LIMIT,
  WORKLIST_QUICK_SEARCH_KEYS,
  type ColumnSetting,
  type OrderBy,
  type QuickSearch,
} from '@pacs/common';
import { ColumnsEditor } from '../../../components/columns-editor.tsx';
import { LimitField, QuickSearchFields } from '../../../components/list-layout-fields.tsx';
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
  options: { id: 'worklist_settings.options' },
  order_key: { id: 'worklist_settings.order_key' },
  order_direction: { id: 'worklist_settings.order_direction' },
  ascending: { id: 'worklist_settings.ascending' },
  descending: { id: 'worklist_settings.descending' },
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
          <LimitField
            label={intl.formatMessage(M.limit)}
            className="worklist-limit-input"
            value={draft.limit}
            max={WORKLIST_MAX_LIMIT}
            invalid={showProblems && problems.limit !== undefined}
            onChange={(limit) => onChange({ ...draft, limit })}
          />
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
          <QuickSearchFields
            value={quick}
            keys={WORKLIST_QUICK_SEARCH_KEYS}
            label={label}
            onChange={(quick_search) => onChange({ ...draft, quick_search })}
          />
        )}
      </fieldset>
    </>
  );
}
