/**
 * user/list/share: the user's share shortcuts (settings `list.share`) — the default expiry and
 * the expiry shortcut buttons, "share with" shortcuts (an institution, role or account), e-mail
 * subject shortcuts and people. Saved with the settings replace call like every settings screen.
 */
import { useQuery } from '@tanstack/react-query';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ShareWithShortcut } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { getInstitutionsQueryOptions } from '../../institutions/index.ts';
import { getRolesQueryOptions } from '../../roles/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import { SHARE_MESSAGES as M } from '../messages.ts';
import {
  MAX_EXPIRY_DAYS,
  SHORTCUT_LABEL_MAX,
  readShareSettings,
  shareSettingsProblems,
  type ShareSettings,
  type ShareSettingsProblem,
} from '../share-settings.ts';
import { accountsOf, changeAccount, changeInstitution, changeRole, rolesOf, targetFields, type TargetChoice } from '../share-target.ts';
import { ListEditor, NumberCell, SelectCell, TextCell, type ListColumn } from '../../../components/list-editor.tsx';
import { ListSettingsPage } from '../../../components/list-settings-page.tsx';
import '../shares.css';

type ListSection = 'expires_at_shortcut' | 'share_with_shortcut' | 'subject_shortcut' | 'people';

const choiceOf = (item: ShareWithShortcut): TargetChoice => ({
  Institution: item.Institution ? String(item.Institution) : '',
  Role: item.Role ? String(item.Role) : '',
  Account: item.Account ?? '',
});

export const ShareSettingsScreen = observer(function ShareSettingsScreen() {
  const intl = useIntl();
  const replace = useReplaceSettings();
  const stored = sessionStore.settings?.list?.share;
  const initial = useMemo(() => readShareSettings(stored), [stored]);
  const [draft, setDraft] = useState<ShareSettings>(initial);
  const [problems, setProblems] = useState<ShareSettingsProblem[]>([]);
  const [saved, setSaved] = useState(false);
  const canPickTargets = sessionStore.can('share') || sessionStore.isAdmin;
  const institutions = useQuery({ ...getInstitutionsQueryOptions(), enabled: canPickTargets });
  const roles = useQuery({ ...getRolesQueryOptions(), enabled: canPickTargets });
  const roleList = roles.data ?? [];
  const institutionOptions = (institutions.data ?? [])
    .filter((item) => item.No !== 0)
    .map((item) => ({ value: String(item.No), label: item.Name }));
  const none = intl.formatMessage({ id: 'common.select' });

  const update = (next: ShareSettings) => {
    setDraft(next);
    setSaved(false);
  };
  const invalid = (section: ShareSettingsProblem['section'], index: number, problem?: string) =>
    problems.some((item) => item.section === section && item.index === index && (problem === undefined || item.problem === problem));
  /** What every shortcut list shares: its rows, its test hook and its invalid rows. */
  const list = <S extends ListSection>(section: S) => ({
    section,
    items: draft[section],
    onChange: (items: ShareSettings[S]) => update({ ...draft, [section]: items }),
    isInvalid: (index: number) => invalid(section, index),
  });

  const save = async () => {
    const found = shareSettingsProblems(draft);
    setProblems(found);
    if (found.length > 0) return;
    const value: ShareSettings = {
      ...draft,
      people: draft.people.map((person) => ({ ...person, email: person.email.trim() })),
    };
    await replace.mutateAsync({ key: 'list.share', value });
    setSaved(true);
  };

  const labelColumn = (section: 'share_with_shortcut' | 'people') => ({
    header: intl.formatMessage(M.label),
    render: (item: { label: string }, change: (patch: { label: string }) => void, index: number) => (
      <TextCell
        label={intl.formatMessage(M.label)}
        maxLength={SHORTCUT_LABEL_MAX}
        invalid={invalid(section, index, 'label')}
        value={item.label}
        onChange={(value) => change({ label: value })}
      />
    ),
  });
  const targetColumns: ListColumn<ShareWithShortcut>[] = [
    labelColumn('share_with_shortcut'),
    {
      header: intl.formatMessage(M.institution),
      render: (item, change, index) => (
        <SelectCell
          label={intl.formatMessage(M.institution)}
          invalid={invalid('share_with_shortcut', index, 'target')}
          value={choiceOf(item).Institution}
          onChange={(value) => change(targetFields(changeInstitution(choiceOf(item), value, roleList)))}
          placeholder={none}
          options={institutionOptions}
        />
      ),
    },
    {
      header: intl.formatMessage(M.role),
      render: (item, change) => (
        <SelectCell
          label={intl.formatMessage(M.role)}
          disabled={choiceOf(item).Institution === ''}
          value={choiceOf(item).Role}
          onChange={(value) => change(targetFields(changeRole(choiceOf(item), value, roleList)))}
          placeholder={none}
          options={rolesOf(roleList, choiceOf(item).Institution).map((role) => ({ value: String(role.No), label: role.Name }))}
        />
      ),
    },
    {
      header: intl.formatMessage(M.account),
      render: (item, change) => (
        <SelectCell
          label={intl.formatMessage(M.account)}
          disabled={choiceOf(item).Role === ''}
          value={choiceOf(item).Account}
          onChange={(value) => change(targetFields(changeAccount(choiceOf(item), value)))}
          placeholder={none}
          options={accountsOf(roleList, choiceOf(item).Role).map((account) => ({ value: account.Id, label: account.Name || account.Id }))}
        />
      ),
    },
  ];

  return (
    <ListSettingsPage
      className="share-settings-page"
      formClassName="share-settings-form"
      title={intl.formatMessage(M.settings_title)}
      description={intl.formatMessage(M.settings_description)}
      onSave={save}
      problem={problems.length > 0 ? intl.formatMessage(M.settings_invalid) : undefined}
      saved={saved}
      saving={replace.isPending}
      reset={{ label: intl.formatMessage(M.revert), onClick: () => update(initial) }}
    >
      <fieldset className="fieldset list-editor-section">
        <legend>{intl.formatMessage(M.expiry_section)}</legend>
        <div className={`field share-days-field${invalid('expires_at', -1) ? ' field-invalid' : ''}`}>
          <label htmlFor="share-default-days" className="field-label">
            {intl.formatMessage(M.default_days)}
          </label>
          <input
            id="share-default-days"
            className="input"
            type="number"
            min={1}
            max={MAX_EXPIRY_DAYS}
            value={Number.isFinite(draft.expires_at) ? draft.expires_at : ''}
            onChange={(event) => update({ ...draft, expires_at: event.target.valueAsNumber })}
          />
          {invalid('expires_at', -1) && <div className="field-error">{intl.formatMessage(M.days_invalid, { max: MAX_EXPIRY_DAYS })}</div>}
        </div>
      </fieldset>

      <ListEditor
        {...list('expires_at_shortcut')}
        title={intl.formatMessage(M.expiry_shortcuts)}
        hint={intl.formatMessage(M.expiry_shortcuts_hint)}
        newItem={() => ({ key: 60, is_visible: true })}
        columns={[
          {
            header: intl.formatMessage(M.days_column),
            render: (item, change, index) => (
              <NumberCell
                className="share-days-input"
                min={1}
                max={MAX_EXPIRY_DAYS}
                label={intl.formatMessage(M.days_column)}
                invalid={invalid('expires_at_shortcut', index)}
                value={item.key}
                onChange={(value) => change({ key: value })}
              />
            ),
          },
        ]}
      />

      <ListEditor
        {...list('share_with_shortcut')}
        title={intl.formatMessage(M.share_with_shortcuts)}
        hint={intl.formatMessage(M.share_with_shortcuts_hint)}
        newItem={() => ({ label: '', is_visible: true, Institution: null, Role: null, Account: null })}
        columns={targetColumns}
      />

      <ListEditor
        {...list('subject_shortcut')}
        title={intl.formatMessage(M.subject_shortcuts)}
        hint={intl.formatMessage(M.subject_shortcuts_hint)}
        newItem={() => ({ label: '', is_visible: true })}
        columns={[
          {
            header: intl.formatMessage(M.mail_subject),
            render: (item, change, index) => (
              <TextCell
                label={intl.formatMessage(M.mail_subject)}
                maxLength={SHORTCUT_LABEL_MAX}
                invalid={invalid('subject_shortcut', index)}
                value={item.label}
                onChange={(value) => change({ label: value })}
              />
            ),
          },
        ]}
      />

      <ListEditor
        {...list('people')}
        title={intl.formatMessage(M.people)}
        hint={intl.formatMessage(M.people_hint)}
        newItem={() => ({ label: '', email: '', is_visible: true })}
        columns={[
          labelColumn('people'),
          {
            header: intl.formatMessage(M.mail_to),
            render: (item, change, index) => (
              <TextCell
                type="email"
                label={intl.formatMessage(M.mail_to)}
                invalid={invalid('people', index, 'email')}
                value={item.email}
                onChange={(value) => change({ email: value })}
              />
            ),
          },
        ]}
      />
    </ListSettingsPage>
  );
});
