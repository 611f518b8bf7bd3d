/**
 * The worklist's settings pages (spec 1 §2; spec 2 §3 mwm settings and configs):
 * - user/mwm/general: follow the site's layout, or arrange one's own columns, page size and order
 *   (settings `mwm.use_site_layout`, `mwm.fields`, `mwm.limit`, `mwm.orderby`);
 * - user/mwm/search: the search dialog's fields, their order and match types (settings `mwm.search`);
 * - admin/client/mwm: the site's layout and quick search (configs `mwm`).
 * The toolbar page (user/mwm/toolbar) is the toolbars feature's editor. /mwm reads all of them
 * through common's `worklistLayout`.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  cleanColumns,
  cleanSearchFields,
  defaultColumnLabel,
  defaultConfigs,
  defaultSettings,
  WORKLIST_TEXT_SEARCH_KEYS,
  worklistLayoutProblems,
  type SearchField,
} from '@pacs/common';
import { SearchFieldsEditor } from '../../../components/list-layout-fields.tsx';
import { ListSettingsPage } from '../../../components/list-settings-page.tsx';
import { columnLabel } from '../../../i18n/default-labels.ts';
import { sessionStore } from '../../../state/index.ts';
import { useReplaceConfigs } from '../../configs/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import { WorklistLayoutEditor, type LayoutDraft } from './worklist-layout-editor.tsx';
import '../worklist.css';

const M = defineMessages({
  general_title: { id: 'worklist_settings.general_title' },
  general_description: { id: 'worklist_settings.general_description' },
  use_site: { id: 'worklist_settings.use_site' },
  use_site_hint: { id: 'worklist_settings.use_site_hint' },
  search_title: { id: 'worklist_settings.search_title' },
  search_description: { id: 'worklist_settings.search_description' },
  search_fields: { id: 'worklist_settings.search_fields' },
  site_title: { id: 'worklist_settings.site_title' },
  site_description: { id: 'worklist_settings.site_description' },
  invalid: { id: 'worklist_settings.invalid' },
  revert: { id: 'worklist_settings.revert' },
  reset_defaults: { id: 'list_editor.reset_defaults' },
});

/** The part of a layout the page saves, and whether it keeps the rules. */
function useLayoutDraft(initial: () => LayoutDraft) {
  const [draft, setDraftState] = useState<LayoutDraft>(initial);
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(false);
  const setDraft = (next: LayoutDraft) => {
    setDraftState(next);
    setSaved(false);
  };
  const problems = worklistLayoutProblems({ ...draft, fields: { study: draft.fields } });
  return { draft, setDraft, tried, setTried, saved, setSaved, problems, ok: Object.keys(problems).length === 0 };
}

const siteLayout = (): LayoutDraft => {
  const mwm = sessionStore.configs?.mwm ?? defaultConfigs().mwm;
  return { fields: mwm.fields.study, limit: mwm.limit, orderby: mwm.orderby, quick_search: mwm.quick_search };
};

/** user/mwm/general. */
export const UserMwmGeneralScreen = observer(function UserMwmGeneralScreen() {
  const intl = useIntl();
  const replace = useReplaceSettings();
  const stored = (sessionStore.settings ?? defaultSettings()).mwm;
  const own = (): LayoutDraft => ({ fields: stored.fields.study, limit: stored.limit, orderby: stored.orderby });
  const [useSite, setUseSite] = useState(stored.use_site_layout !== false);
  const layout = useLayoutDraft(() => (stored.use_site_layout === false ? own() : withoutQuickSearch(siteLayout())));

  const save = async () => {
    layout.setTried(true);
    if (!useSite && !layout.ok) return;
    const value = useSite
      ? { ...stored, use_site_layout: true }
      : {
          ...stored,
          use_site_layout: false,
          fields: { ...stored.fields, study: cleanColumns(layout.draft.fields) },
          limit: layout.draft.limit,
          orderby: layout.draft.orderby,
        };
    await replace.mutateAsync({ key: 'mwm', value });
    layout.setSaved(true);
  };

  return (
    <ListSettingsPage
      className="worklist-settings-page"
      title={intl.formatMessage(M.general_title)}
      description={intl.formatMessage(M.general_description)}
      onSave={save}
      problem={layout.tried && !useSite && !layout.ok ? intl.formatMessage(M.invalid) : undefined}
      saved={layout.saved}
      saving={replace.isPending}
      reset={{
        label: intl.formatMessage(M.revert),
        onClick: () => {
          setUseSite(stored.use_site_layout !== false);
          layout.setDraft(stored.use_site_layout === false ? own() : withoutQuickSearch(siteLayout()));
        },
      }}
    >
      <div className="field field-checkbox">
        <input
          id="worklist-use-site"
          type="checkbox"
          className="checkbox"
          checked={useSite}
          onChange={(event) => {
            setUseSite(event.target.checked);
            layout.setSaved(false);
          }}
        />
        <label htmlFor="worklist-use-site">{intl.formatMessage(M.use_site)}</label>
      </div>
      <p className="field-hint">{intl.formatMessage(M.use_site_hint)}</p>
      {!useSite && (
        <WorklistLayoutEditor draft={layout.draft} onChange={layout.setDraft} problems={layout.problems} showProblems={layout.tried} />
      )}
    </ListSettingsPage>
  );
});

function withoutQuickSearch({ quick_search: _quick, ...draft }: LayoutDraft): LayoutDraft {
  return draft;
}

/** admin/client/mwm. */
export const SiteMwmScreen = observer(function SiteMwmScreen() {
  const intl = useIntl();
  const replace = useReplaceConfigs();
  const layout = useLayoutDraft(siteLayout);

  const save = async () => {
    layout.setTried(true);
    if (!layout.ok) return;
    const current = sessionStore.configs?.mwm ?? defaultConfigs().mwm;
    const { draft } = layout;
    // The patient import flag travels along unchanged; the server keeps its own value anyway.
    const value = {
      ...current,
      fields: { ...current.fields, study: cleanColumns(draft.fields) },
      limit: draft.limit,
      orderby: draft.orderby,
    };
    await replace.mutateAsync({ key: 'mwm', value: { ...value, quick_search: draft.quick_search ?? current.quick_search } });
    layout.setSaved(true);
  };

  return (
    <ListSettingsPage
      className="worklist-settings-page"
      title={intl.formatMessage(M.site_title)}
      description={intl.formatMessage(M.site_description)}
      onSave={save}
      problem={layout.tried && !layout.ok ? intl.formatMessage(M.invalid) : undefined}
      saved={layout.saved}
      saving={replace.isPending}
      reset={{
        label: intl.formatMessage(M.reset_defaults),
        onClick: () => {
          const defaults = defaultConfigs().mwm;
          layout.setDraft({
            fields: defaults.fields.study,
            limit: defaults.limit,
            orderby: defaults.orderby,
            quick_search: defaults.quick_search,
          });
        },
      }}
    >
      <WorklistLayoutEditor draft={layout.draft} onChange={layout.setDraft} problems={layout.problems} showProblems={layout.tried} />
    </ListSettingsPage>
  );
});

/** user/mwm/search. */
export const UserMwmSearchScreen = observer(function UserMwmSearchScreen() {
  const intl = useIntl();
  const replace = useReplaceSettings();
  const stored = (sessionStore.settings ?? defaultSettings()).mwm.search;
  const [fields, setFields] = useState<SearchField[]>(stored);
  const [saved, setSaved] = useState(false);
  const label = (key: string) => columnLabel(intl, { key, label: defaultColumnLabel(key) ?? key });
  const update = (next: SearchField[]) => {
    setFields(next);
    setSaved(false);
  };

  const save = async () => {
    await replace.mutateAsync({ key: 'mwm.search', value: cleanSearchFields(fields) });
    setSaved(true);
  };

  return (
    <ListSettingsPage
      className="worklist-settings-page"
      title={intl.formatMessage(M.search_title)}
      description={intl.formatMessage(M.search_description)}
      onSave={save}
      saved={saved}
      saving={replace.isPending}
      reset={{ label: intl.formatMessage(M.reset_defaults), onClick: () => update(defaultSettings().mwm.search) }}
    >
      <SearchFieldsEditor
        kind="mwm-search"
        title={intl.formatMessage(M.search_fields)}
        fields={fields}
        onChange={update}
        label={label}
        isText={(key) => WORKLIST_TEXT_SEARCH_KEYS.includes(key)}
      />
    </ListSettingsPage>
  );
});
