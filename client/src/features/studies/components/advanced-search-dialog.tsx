/**
 * The list's advanced search dialog (issue 21; spec 2 §2 modal "search", toolbar `search`): the
 * fields of the user's settings (`list.advanced_search`, in their order, the visible ones), each
 * searched the way its column can be: text with a match type, a date range, modality and body part
 * pickers, a choice of sex or report status. It opens with the user's last search
 * (`list.last_search`) and Search saves the values as the new last search before the list reloads.
 * The values are checked with common's rules first (the server applies the same ones), and the
 * messages stand next to their fields.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import {
  ADVANCED_SEARCH_KINDS,
  advancedSearchFields,
  advancedSearchProblems,
  cleanAdvancedSearch,
  defaultColumnLabel,
  defaultModalityItems,
  defaultSettings,
  MATCH_TYPES,
  MESSAGES,
  PATIENT_SEXES,
  SEARCH_TERM_MAX_LENGTH,
  type AdvancedSearchKey,
  type AdvancedSearchValue,
  type AdvancedSearchValues,
  type MatchType,
} from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form-fields.tsx';
import { MATCH_LABELS } from '../../../components/list-layout-fields.tsx';
import { columnLabel } from '../../../i18n/default-labels.ts';
import { readDialogFailure } from '../../../lib/server-errors.ts';
import { sessionStore } from '../../../state/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import { useBodyParts } from '../api/get-body-parts.ts';
import { hiddenStudyColumns } from '../columns.ts';
import type { StudyListStore } from '../study-list-store.ts';

const M = defineMessages({
  title: { id: 'studies.advanced.title' },
  hint: { id: 'studies.advanced.hint' },
  any: { id: 'worklist.search.any' },
  from: { id: 'studies.advanced.from' },
  to: { id: 'studies.advanced.to' },
  none_known: { id: 'studies.advanced.none_known' },
  clear: { id: 'worklist.search.clear' },
  apply: { id: 'studies.search.submit' },
  invalid: { id: 'errors.validation_failed' },
  too_long: { id: 'studies.advanced.too_long' },
  range_reversed: { id: 'studies.advanced.range_reversed' },
  match: { id: 'studies.search.match' },
});

const SEX_LABELS = defineMessages({
  M: { id: 'patients.sex.male' },
  F: { id: 'patients.sex.female' },
  O: { id: 'patients.sex.other' },
});

/** The report statuses a user picks from: no report yet, a draft, a final report. */
const REPORT_CHOICES = defineMessages({
  Empty: { id: 'reports.status.empty' },
  Draft: { id: 'reports.status.draft' },
  Final: { id: 'reports.status.final' },
});

/** A rule's English message (common MESSAGES) in the user's language. */
export function advancedProblemText(intl: IntlShape, problem: string): string {
  if (problem === MESSAGES.audit_range) return intl.formatMessage(M.range_reversed);
  if (problem === MESSAGES.max_length(SEARCH_TERM_MAX_LENGTH)) return intl.formatMessage(M.too_long, { max: SEARCH_TERM_MAX_LENGTH });
  return intl.formatMessage(M.invalid);
}

export interface AdvancedSearchDialogProps {
  store: StudyListStore;
  onClose: () => void;
}

export const AdvancedSearchDialog = observer(function AdvancedSearchDialog({ store, onClose }: AdvancedSearchDialogProps) {
  const intl = useIntl();
  const list = (sessionStore.settings ?? defaultSettings()).list;
  // A field the user's edition or kind hides is never offered: the server would refuse the search.
  const hidden = hiddenStudyColumns(sessionStore.edition, sessionStore.account?.Teleradiology ?? null);
  const fields = advancedSearchFields(list.advanced_search).filter((field) => field.is_visible && !hidden.has(field.key));
  const replace = useReplaceSettings();
  const [values, setValues] = useState<AdvancedSearchValues>(() =>
    Object.keys(store.filters.advanced).length > 0 ? store.filters.advanced : (list.last_search ?? {}),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const modalities = (sessionStore.configs?.modality?.items ?? defaultModalityItems())
    .filter((item) => item.is_visible)
    .map((item) => item.key);
  const bodyParts = useBodyParts(fields.some((field) => field.key === 'BodyPartsInStudy'));

  const label = (key: string) => columnLabel(intl, { key, label: defaultColumnLabel(key) ?? key });
  const set = (key: AdvancedSearchKey, patch: AdvancedSearchValue) => {
    setValues((before) => ({ ...before, [key]: { ...before[key], ...patch } }));
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };

  const apply = async () => {
    // A text field searches with the match type shown, which is the setting's until changed.
    const typed: AdvancedSearchValues = { ...values };
    for (const field of fields) {
      const value = typed[field.key as AdvancedSearchKey];
      if (value && ADVANCED_SEARCH_KINDS[field.key as AdvancedSearchKey] === 'text')
        typed[field.key as AdvancedSearchKey] = { type: field.type, ...value };
    }
    const shown = new Set(fields.map((field) => field.key));
    const clean = cleanAdvancedSearch(Object.fromEntries(Object.entries(typed).filter(([key]) => shown.has(key))));
    const found = advancedSearchProblems(clean);
    if (Object.keys(found).length > 0) {
      setProblems(found);
      return;
    }
    try {
      await replace.mutateAsync({ key: 'list.last_search', value: clean });
    } catch (error) {
      const failure = readDialogFailure(error, [], intl);
      if (failure.message) setProblems({ form: failure.message });
      return;
    }
    store.setAdvanced(clean);
    void store.search();
    onClose();
  };

  const clear = () => {
    setValues({});
    setProblems({});
  };

  return (
    <Dialog
      title={intl.formatMessage(M.title)}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button" onClick={clear}>
            {intl.formatMessage(M.clear)}
          </button>
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" form="advanced-search-form" className="button button-primary" disabled={replace.isPending}>
            {intl.formatMessage(M.apply)}
          </button>
        </>
      }
    >
      <form
        id="advanced-search-form"
        className="form advanced-search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <p className="field-hint">{intl.formatMessage(M.hint)}</p>
        {problems.form !== undefined && <FormAlert>{problems.form}</FormAlert>}
        {fields.map((field) => {
          const key = field.key as AdvancedSearchKey;
          const problem = problems[key];
          return (
            <AdvancedField
              key={key}
              fieldKey={key}
              label={label(key)}
              value={values[key] ?? {}}
              defaultType={field.type}
              onChange={(patch) => set(key, patch)}
              problem={problem === undefined ? undefined : advancedProblemText(intl, problem)}
              options={key === 'ModalitiesInStudy' ? modalities : key === 'BodyPartsInStudy' ? bodyParts : []}
            />
          );
        })}
      </form>
    </Dialog>
  );
});

interface AdvancedFieldProps {
  fieldKey: AdvancedSearchKey;
  label: string;
  value: AdvancedSearchValue;
  defaultType: MatchType;
  onChange: (patch: AdvancedSearchValue) => void;
  problem: string | undefined;
  options: readonly string[];
}

function AdvancedField({ fieldKey, label, value, defaultType, onChange, problem, options }: AdvancedFieldProps) {
  const intl = useIntl();
  const id = `advanced-${fieldKey}`;
  const kind = ADVANCED_SEARCH_KINDS[fieldKey];
  const invalid = problem !== undefined;
  const common = { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? `${id}-error` : undefined };
  let control;
  if (kind === 'text') {
    control = (
      <div className="advanced-text">
        <select
          className="input select advanced-match"
          aria-label={`${label}: ${intl.formatMessage(M.match)}`}
          value={value.type ?? defaultType}
          onChange={(event) => onChange({ type: event.target.value as MatchType })}
        >
          {MATCH_TYPES.map((type) => (
            <option key={type} value={type}>
              {intl.formatMessage(MATCH_LABELS[type])}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="input"
          value={value.text ?? ''}
          onChange={(event) => onChange({ text: event.target.value })}
          {...common}
        />
      </div>
    );
  } else if (kind === 'date') {
    control = (
      <div className="advanced-range" role="group" aria-labelledby={`${id}-label`}>
        <input
          id={id}
          className="input date-input"
          type="date"
          aria-label={`${label}: ${intl.formatMessage(M.from)}`}
          value={value.from ?? ''}
          // Picking a start with an empty end copies it into the end (spec 2 §5 date range picker).
          onChange={(event) => onChange({ from: event.target.value, ...(!value.to ? { to: event.target.value } : {}) })}
          {...common}
        />
        <span aria-hidden="true">–</span>
        <input
          className="input date-input"
          type="date"
          aria-label={`${label}: ${intl.formatMessage(M.to)}`}
          value={value.to ?? ''}
          onChange={(event) => onChange({ to: event.target.value })}
          {...common}
        />
      </div>
    );
  } else if (kind === 'modality' || kind === 'body_part') {
    const chosen = value.values ?? [];
    // A stored code no longer offered stays choosable, so that it can be taken off.
    const all = [...options, ...chosen.filter((code) => !options.includes(code))];
    control =
      all.length === 0 ? (
        <span className="muted">{intl.formatMessage(M.none_known)}</span>
      ) : (
        <div className="advanced-codes" role="group" aria-labelledby={`${id}-label`} {...common}>
          {all.map((code) => (
            <label key={code} className="picker-option advanced-code">
              <input
                type="checkbox"
                className="checkbox"
                checked={chosen.includes(code)}
                onChange={(event) =>
                  onChange({ values: event.target.checked ? [...chosen, code] : chosen.filter((item) => item !== code) })
                }
              />
              {code}
            </label>
          ))}
        </div>
      );
  } else {
    const choices: [string, string][] =
      kind === 'sex'
        ? PATIENT_SEXES.map((sex) => [sex, intl.formatMessage(SEX_LABELS[sex])])
        : (['Empty', 'Draft', 'Final'] as const).map((status) => [status, intl.formatMessage(REPORT_CHOICES[status])]);
    control = (
      <select
        id={id}
        className="input select"
        value={value.text ?? ''}
        onChange={(event) => onChange({ text: event.target.value })}
        {...common}
      >
        <option value="">{intl.formatMessage(M.any)}</option>
        {choices.map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </select>
    );
  }
  return (
    <div className={`field advanced-field${invalid ? ' field-invalid' : ''}`} data-key={fieldKey}>
      <label id={`${id}-label`} htmlFor={kind === 'modality' || kind === 'body_part' ? undefined : id} className="field-label">
        {label}
      </label>
      {control}
      {invalid && (
        <div id={`${id}-error`} className="field-error">
          {problem}
        </div>
      )}
    </div>
  );
}
