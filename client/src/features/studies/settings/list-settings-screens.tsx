/**
 * The study list's settings pages (issue 21; spec 2 §3 "User settings sections" list, "Column
 * setting", §5, §9):
 * - user/list/general: the columns of each level (study, series, instance) and of the CSV file
 *   (order, visibility, width 40–400, alignment, label), studies per page, automatic refresh and
 *   the CSV header row (settings `list.fields`, `list.limit`, `list.auto_refresh`, `list.csv`);
 * - user/list/search: the quick search's field and match type, the order and visibility of the
 *   search bar's parts (where the period search sits) and of the search shortcuts, and the advanced
 *   search dialog's fields (`list.quick_search`, `list.search_bar`, `list.search_shortcut`,
 *   `list.advanced_search`).
 * Both save the `list` node once; the rules are common's `listSettingsProblems`, which the adapter
 * applies too. /list reads the same observable settings, so its headings follow at once.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  ADVANCED_SEARCH_KINDS,
  advancedSearchFields,
  cleanColumns,
  cleanSearchFields,
  defaultColumnLabel,
  defaultSettings,
  isAdvancedSearchKey,
  isOnPremises,
  LIST_COLUMN_LEVELS,
  listSettingsProblems,
  STUDY_LIST_MAX_LIMIT,
  STUDY_QUICK_SEARCH_KEYS,
  type ColumnSetting,
  type ListColumnLevel,
  type QuickSearch,
  type SearchBarPart,
  type SearchField,
  type SearchShortcutKey,
  type UserSettings,
  type VisibleKey,
} from '@pacs/common';
import { ColumnsEditor, columnWidthsValid, useColumnWidthProblem } from '../../../components/columns-editor.tsx';
import { ListEditor } from '../../../components/list-editor.tsx';
import { LimitField, QuickSearchFields, SearchFieldsEditor } from '../../../components/list-layout-fields.tsx';
import { ListSettingsPage } from '../../../components/list-settings-page.tsx';
import { columnLabel } from '../../../i18n/default-labels.ts';
import { sessionStore } from '../../../state/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import { hiddenStudyColumns } from '../columns.ts';
import '../studies.css';

const M = defineMessages({
  general_title: { id: 'list_settings.general_title' },
  general_description: { id: 'list_settings.general_description' },
  levels: { id: 'list_settings.levels' },
  columns_hint: { id: 'list_settings.columns_hint' },
  options: { id: 'list_settings.options' },
  limit: { id: 'list_settings.limit' },
  auto_refresh: { id: 'list_settings.auto_refresh' },
  csv_header: { id: 'list_settings.csv_header' },
  search_title: { id: 'list_settings.search_title' },
  search_description: { id: 'list_settings.search_description' },
  quick: { id: 'list_settings.quick' },
  bar: { id: 'list_settings.bar' },
  bar_hint: { id: 'list_settings.bar_hint' },
  part: { id: 'list_settings.part' },
  shortcuts: { id: 'list_settings.shortcuts' },
  shortcut: { id: 'list_settings.shortcut' },
  advanced: { id: 'list_settings.advanced' },
  advanced_hint: { id: 'list_settings.advanced_hint' },
  invalid: { id: 'list_settings.invalid' },
  revert: { id: 'list_settings.revert' },
});

const LEVEL_LABELS = defineMessages<ListColumnLevel>({
  study: { id: 'list_settings.level.study' },
  series: { id: 'list_settings.level.series' },
  instance: { id: 'list_settings.level.instance' },
  csv: { id: 'list_settings.level.csv' },
});

const PART_LABELS = defineMessages<SearchBarPart>({
  quick_search: { id: 'list_settings.parts.quick_search' },
  search_shortcut: { id: 'list_settings.parts.search_shortcut' },
  period_search: { id: 'list_settings.parts.period_search' },
});

const SHORTCUT_LABELS = defineMessages<SearchShortcutKey>({
  all: { id: 'studies.search.shortcuts.all' },
  today: { id: 'studies.search.shortcuts.today' },
  yesterday: { id: 'studies.search.shortcuts.yesterday' },
  pastweek: { id: 'studies.search.shortcuts.pastweek' },
});

type ListSettings = UserSettings['list'];

const storedList = (): ListSettings => (sessionStore.settings ?? defaultSettings()).list;

/** A page's draft of the list node, its save and its notices. */
function useListDraft<D>(initial: (list: ListSettings) => D, toNode: (draft: D) => Partial<ListSettings>) {
  const replace = useReplaceSettings();
  const [draft, setDraftState] = useState<D>(() => initial(storedList()));
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(false);
  const problems = listSettingsProblems(toNode(draft));
  const ok = Object.keys(problems).length === 0;
  const setDraft = (next: D) => {
    setDraftState(next);
    setSaved(false);
  };
  const save = async () => {
    setTried(true);
    if (!ok) return;
    // The rest of the node (toolbar, share, last search) as stored now, not as it was on opening.
    await replace.mutateAsync({ key: 'list', value: { ...storedList(), ...toNode(draft) } });
    setSaved(true);
  };
  return { draft, setDraft, problems, ok, tried, saved, save, saving: replace.isPending };
}

/** Columns the edition or the user's kind never shows: left out of the editor, kept in the settings. */
function useHiddenColumns(): ReadonlySet<string> {
  return hiddenStudyColumns(
    sessionStore.edition,
    sessionStore.account?.Teleradiology ?? null,
    isOnPremises(sessionStore.edition) && sessionStore.can('mwm'),
  );
}

interface GeneralDraft {
  fields: ListSettings['fields'];
  limit: number;
  auto_refresh: boolean;
  has_header: boolean;
}

/** user/list/general. */
export const UserListGeneralScreen = observer(function UserListGeneralScreen() {
  const intl = useIntl();
  const hidden = useHiddenColumns();
  const [level, setLevel] = useState<ListColumnLevel>('study');
  const page = useListDraft<GeneralDraft>(
    (list) => ({ fields: list.fields, limit: list.limit, auto_refresh: list.auto_refresh, has_header: list.csv.has_header }),
    (draft) => ({
      fields: {
        study: cleanColumns(draft.fields.study),
        series: cleanColumns(draft.fields.series),
        instance: cleanColumns(draft.fields.instance),
        csv: cleanColumns(draft.fields.csv),
      },
      limit: draft.limit,
      auto_refresh: draft.auto_refresh,
      csv: { ...storedList().csv, has_header: draft.has_header },
    }),
  );
  const { draft, setDraft } = page;
  const applies = (currentLevel: ListColumnLevel) => currentLevel === 'study' || currentLevel === 'csv';
  const shown = draft.fields[level].filter((column) => !applies(level) || !hidden.has(column.key));
  const setColumns = (columns: ColumnSetting[]) => {
    // Hidden columns keep their settings, after the ones the user arranges.
    const kept = applies(level) ? draft.fields[level].filter((column) => hidden.has(column.key)) : [];
    setDraft({ ...draft, fields: { ...draft.fields, [level]: [...columns, ...kept] } });
  };
  const label = (key: string) => columnLabel(intl, { key, label: defaultColumnLabel(key) ?? key });
  const levelProblem = (candidate: ListColumnLevel) => page.tried && page.problems[`fields.${candidate}`] !== undefined;
  const widthProblem = useColumnWidthProblem();
  const widthsValid = LIST_COLUMN_LEVELS.every((candidate) => columnWidthsValid(draft.fields[candidate]));

  return (
    <ListSettingsPage
      className="list-settings-page"
      title={intl.formatMessage(M.general_title)}
      description={intl.formatMessage(M.general_description)}
      onSave={page.save}
      problem={page.tried && !page.ok ? (widthsValid ? intl.formatMessage(M.invalid) : widthProblem) : undefined}
      saved={page.saved}
      saving={page.saving}
      reset={{
        label: intl.formatMessage(M.revert),
        onClick: () => {
          const list = storedList();
          setDraft({ fields: list.fields, limit: list.limit, auto_refresh: list.auto_refresh, has_header: list.csv.has_header });
        },
      }}
    >
      <div className="segmented list-settings-levels" role="group" aria-label={intl.formatMessage(M.levels)}>
        {LIST_COLUMN_LEVELS.map((candidate) => (
          <button
            key={candidate}
            type="button"
            className={`segment${levelProblem(candidate) ? ' is-invalid' : ''}`}
            aria-pressed={level === candidate}
            onClick={() => setLevel(candidate)}
          >
            {intl.formatMessage(LEVEL_LABELS[candidate])}
          </button>
        ))}
      </div>
      <ColumnsEditor
        kind={`list-${level}`}
        title={intl.formatMessage(LEVEL_LABELS[level])}
        hint={intl.formatMessage(M.columns_hint)}
        columns={shown}
        onChange={setColumns}
        showProblems={page.tried}
        defaultLabel={(column) => label(column.key)}
      />
      <fieldset className="fieldset list-editor-section">
        <legend>{intl.formatMessage(M.options)}</legend>
        <div className="form-row">
          <LimitField
            label={intl.formatMessage(M.limit)}
            className="list-limit-input"
            value={draft.limit}
            max={STUDY_LIST_MAX_LIMIT}
            invalid={page.tried && page.problems.limit !== undefined}
            onChange={(limit) => setDraft({ ...draft, limit })}
          />
        </div>
        <Checkbox
          id="list-auto-refresh"
          label={intl.formatMessage(M.auto_refresh)}
          checked={draft.auto_refresh}
          onChange={(auto_refresh) => setDraft({ ...draft, auto_refresh })}
        />
        <Checkbox
          id="list-csv-header"
          label={intl.formatMessage(M.csv_header)}
          checked={draft.has_header}
          onChange={(has_header) => setDraft({ ...draft, has_header })}
        />
      </fieldset>
    </ListSettingsPage>
  );
});

function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="field field-checkbox">
      <input id={id} type="checkbox" className="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

interface SearchDraft {
  quick_search: QuickSearch;
  search_bar: VisibleKey<SearchBarPart>[];
  search_shortcut: VisibleKey<SearchShortcutKey>[];
  advanced_search: SearchField[];
}

const searchDraftOf = (list: ListSettings): SearchDraft => ({
  quick_search: list.quick_search,
  search_bar: list.search_bar,
  search_shortcut: list.search_shortcut,
  advanced_search: advancedSearchFields(list.advanced_search),
});

/** user/list/search. */
export const UserListSearchScreen = observer(function UserListSearchScreen() {
  const intl = useIntl();
  const page = useListDraft<SearchDraft>(searchDraftOf, (draft) => ({
    quick_search: draft.quick_search,
    search_bar: draft.search_bar,
    search_shortcut: draft.search_shortcut,
    advanced_search: cleanSearchFields(draft.advanced_search),
  }));
  const { draft, setDraft } = page;
  const label = (key: string) => columnLabel(intl, { key, label: defaultColumnLabel(key) ?? key });
  // As on the general page: fields the user never sees are left out, and kept after the others.
  const hidden = useHiddenColumns();
  const shownFields = draft.advanced_search.filter((field) => !hidden.has(field.key));
  const setFields = (fields: SearchField[]) =>
    setDraft({ ...draft, advanced_search: [...fields, ...draft.advanced_search.filter((field) => hidden.has(field.key))] });

  return (
    <ListSettingsPage
      className="list-settings-page"
      title={intl.formatMessage(M.search_title)}
      description={intl.formatMessage(M.search_description)}
      onSave={page.save}
      problem={page.tried && !page.ok ? intl.formatMessage(M.invalid) : undefined}
      saved={page.saved}
      saving={page.saving}
      reset={{ label: intl.formatMessage(M.revert), onClick: () => setDraft(searchDraftOf(storedList())) }}
    >
      <fieldset className="fieldset list-editor-section">
        <legend>{intl.formatMessage(M.quick)}</legend>
        <QuickSearchFields
          value={draft.quick_search}
          keys={STUDY_QUICK_SEARCH_KEYS}
          label={label}
          onChange={(quick_search) => setDraft({ ...draft, quick_search })}
        />
      </fieldset>
      <ListEditor
        kind="list-search-bar"
        title={intl.formatMessage(M.bar)}
        hint={intl.formatMessage(M.bar_hint)}
        items={draft.search_bar}
        onChange={(search_bar) => setDraft({ ...draft, search_bar })}
        rowKey={(part) => part.key}
        columns={[{ header: intl.formatMessage(M.part), render: (part) => intl.formatMessage(PART_LABELS[part.key]) }]}
      />
      <ListEditor
        kind="list-search-shortcuts"
        title={intl.formatMessage(M.shortcuts)}
        items={draft.search_shortcut}
        onChange={(search_shortcut) => setDraft({ ...draft, search_shortcut })}
        rowKey={(shortcut) => shortcut.key}
        columns={[{ header: intl.formatMessage(M.shortcut), render: (shortcut) => intl.formatMessage(SHORTCUT_LABELS[shortcut.key]) }]}
      />
      <SearchFieldsEditor
        kind="list-advanced-search"
        title={intl.formatMessage(M.advanced)}
        hint={intl.formatMessage(M.advanced_hint)}
        fields={shownFields}
        onChange={setFields}
        label={label}
        isText={(key) => isAdvancedSearchKey(key) && ADVANCED_SEARCH_KINDS[key] === 'text'}
      />
    </ListSettingsPage>
  );
});
