/**
 * user/list/share: the user's share shortcuts (settings `list.share`) — the default expiry and
 * the expiry shortcut buttons, "share with" shortcuts (an institution, role or account), e-mail
 * subject shortcuts and people. Saved with the settings replace call like every settings screen.
 */
import { useQuery } from '@tanstack/react-query';
import { observer } from 'mobx-react-lite';
import { useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormAlert } from '../../../components/form-fields.tsx';
import { sessionStore } from '../../../app/stores/index.ts';
import { getInstitutionsQueryOptions } from '../../admin/accounts/api/get-institutions.ts';
import { getRolesQueryOptions } from '../../admin/accounts/api/get-roles.ts';
import { useReplaceSettings } from '../../settings/api/replace-settings.ts';
import { SHARE_MESSAGES as M } from '../messages.ts';
import {
  MAX_EXPIRY_DAYS,
  SHORTCUT_LABEL_MAX,
  moveItem,
  readShareSettings,
  shareSettingsProblems,
  type ShareSettings,
  type ShareSettingsProblem,
} from '../share-settings.ts';
import { accountsOf, changeAccount, changeInstitution, changeRole, rolesOf, targetFields, type TargetChoice } from '../share-target.ts';
import '../shares.css';

type ListSection = 'expires_at_shortcut' | 'share_with_shortcut' | 'subject_shortcut' | 'people';

function RowTools({
  onUp,
  onDown,
  onRemove,
  first,
  last,
}: {
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
  first: boolean;
  last: boolean;
}) {
  const intl = useIntl();
  return (
    <td className="share-row-tools">
      <button type="button" className="button button-small" aria-label={intl.formatMessage(M.move_up)} disabled={first} onClick={onUp}>
        ↑
      </button>
      <button type="button" className="button button-small" aria-label={intl.formatMessage(M.move_down)} disabled={last} onClick={onDown}>
        ↓
      </button>
      <button type="button" className="button button-small" onClick={onRemove}>
        {intl.formatMessage(M.remove)}
      </button>
    </td>
  );
}

/** The row an empty shortcut table shows, so the header does not stand alone. */
function EmptyRow({ columns, items }: { columns: number; items: readonly unknown[] }) {
  if (items.length > 0) return null;
  return (
    <tr>
      <td colSpan={columns} className="table-empty">
        <FormattedMessage id="common.no_items_found" />
      </td>
    </tr>
  );
}

function Section({ title, hint, children, onAdd }: { title: string; hint: string; children: ReactNode; onAdd: () => void }) {
  const intl = useIntl();
  return (
    <fieldset className="fieldset share-settings-section">
      <legend>{title}</legend>
      <p className="field-hint">{hint}</p>
      {children}
      <div>
        <button type="button" className="button button-small" onClick={onAdd}>
          {intl.formatMessage(M.add)}
        </button>
      </div>
    </fieldset>
  );
}

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
  const institutionOptions = (institutions.data ?? []).filter((item) => item.No !== 0);

  const update = (next: ShareSettings) => {
    setDraft(next);
    setSaved(false);
  };
  const updateItem = <S extends ListSection>(section: S, index: number, value: ShareSettings[S][number]) =>
    update({ ...draft, [section]: draft[section].map((item, at) => (at === index ? value : item)) });
  const tools = (section: ListSection, index: number) => ({
    first: index === 0,
    last: index === draft[section].length - 1,
    onUp: () => update({ ...draft, [section]: moveItem<unknown>(draft[section], index, -1) }),
    onDown: () => update({ ...draft, [section]: moveItem<unknown>(draft[section], index, 1) }),
    onRemove: () => update({ ...draft, [section]: draft[section].filter((_item, at) => at !== index) }),
  });
  const invalid = (section: ShareSettingsProblem['section'], index: number, problem?: string) =>
    problems.some((item) => item.section === section && item.index === index && (problem === undefined || item.problem === problem));

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

  const choiceOf = (index: number): TargetChoice => {
    const item = draft.share_with_shortcut[index];
    return {
      Institution: item?.Institution ? String(item.Institution) : '',
      Role: item?.Role ? String(item.Role) : '',
      Account: item?.Account ?? '',
    };
  };
  const setChoice = (index: number, choice: TargetChoice) => {
    const item = draft.share_with_shortcut[index];
    if (item) updateItem('share_with_shortcut', index, { ...item, ...targetFields(choice) });
  };

  return (
    <div className="page share-settings-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{intl.formatMessage(M.settings_title)}</h1>
          <p className="muted">{intl.formatMessage(M.settings_description)}</p>
        </div>
      </header>
      <form
        className="form share-settings-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save().catch(() => undefined);
        }}
      >
        <fieldset className="fieldset share-settings-section">
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

        <Section
          title={intl.formatMessage(M.expiry_shortcuts)}
          hint={intl.formatMessage(M.expiry_shortcuts_hint)}
          onAdd={() => update({ ...draft, expires_at_shortcut: [...draft.expires_at_shortcut, { key: 60, is_visible: true }] })}
        >
          <table className="table share-settings-table" data-section="expires_at_shortcut">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(M.days_column)}</th>
                <th scope="col">{intl.formatMessage(M.visible)}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              <EmptyRow columns={3} items={draft.expires_at_shortcut} />
              {draft.expires_at_shortcut.map((item, index) => (
                <tr key={index} className={invalid('expires_at_shortcut', index) ? 'is-invalid' : undefined}>
                  <td>
                    <input
                      className="input share-days-input"
                      type="number"
                      min={1}
                      max={MAX_EXPIRY_DAYS}
                      aria-label={intl.formatMessage(M.days_column)}
                      aria-invalid={invalid('expires_at_shortcut', index) || undefined}
                      value={Number.isFinite(item.key) ? item.key : ''}
                      onChange={(event) => updateItem('expires_at_shortcut', index, { ...item, key: event.target.valueAsNumber })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={intl.formatMessage(M.visible)}
                      checked={item.is_visible}
                      onChange={(event) => updateItem('expires_at_shortcut', index, { ...item, is_visible: event.target.checked })}
                    />
                  </td>
                  <RowTools {...tools('expires_at_shortcut', index)} />
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        <Section
          title={intl.formatMessage(M.share_with_shortcuts)}
          hint={intl.formatMessage(M.share_with_shortcuts_hint)}
          onAdd={() =>
            update({
              ...draft,
              share_with_shortcut: [
                ...draft.share_with_shortcut,
                { label: '', is_visible: true, Institution: null, Role: null, Account: null },
              ],
            })
          }
        >
          <table className="table share-settings-table" data-section="share_with_shortcut">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(M.label)}</th>
                <th scope="col">{intl.formatMessage(M.institution)}</th>
                <th scope="col">{intl.formatMessage(M.role)}</th>
                <th scope="col">{intl.formatMessage(M.account)}</th>
                <th scope="col">{intl.formatMessage(M.visible)}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              <EmptyRow columns={6} items={draft.share_with_shortcut} />
              {draft.share_with_shortcut.map((item, index) => {
                const choice = choiceOf(index);
                return (
                  <tr key={index} className={invalid('share_with_shortcut', index) ? 'is-invalid' : undefined}>
                    <td>
                      <input
                        className="input"
                        maxLength={SHORTCUT_LABEL_MAX}
                        aria-label={intl.formatMessage(M.label)}
                        aria-invalid={invalid('share_with_shortcut', index, 'label') || undefined}
                        value={item.label}
                        onChange={(event) => updateItem('share_with_shortcut', index, { ...item, label: event.target.value })}
                      />
                    </td>
                    <td>
                      <select
                        className="input select"
                        aria-label={intl.formatMessage(M.institution)}
                        aria-invalid={invalid('share_with_shortcut', index, 'target') || undefined}
                        value={choice.Institution}
                        onChange={(event) => setChoice(index, changeInstitution(choice, event.target.value, roleList))}
                      >
                        <option value="">{intl.formatMessage({ id: 'common.select' })}</option>
                        {institutionOptions.map((option) => (
                          <option key={option.No} value={String(option.No)}>
                            {option.Name}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <select
                        className="input select"
                        aria-label={intl.formatMessage(M.role)}
                        disabled={choice.Institution === ''}
                        value={choice.Role}
                        onChange={(event) => setChoice(index, changeRole(choice, event.target.value, roleList))}
                      >
                        <option value="">{intl.formatMessage({ id: 'common.select' })}</option>
                        {rolesOf(roleList, choice.Institution).map((role) => (
                          <option key={role.No} value={String(role.No)}>
                            {role.Name}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <select
                        className="input select"
                        aria-label={intl.formatMessage(M.account)}
                        disabled={choice.Role === ''}
                        value={choice.Account}
                        onChange={(event) => setChoice(index, changeAccount(choice, event.target.value))}
                      >
                        <option value="">{intl.formatMessage({ id: 'common.select' })}</option>
                        {accountsOf(roleList, choice.Role).map((account) => (
                          <option key={account.Id} value={account.Id}>
                            {account.Name || account.Id}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={intl.formatMessage(M.visible)}
                        checked={item.is_visible}
                        onChange={(event) => updateItem('share_with_shortcut', index, { ...item, is_visible: event.target.checked })}
                      />
                    </td>
                    <RowTools {...tools('share_with_shortcut', index)} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Section>

        <Section
          title={intl.formatMessage(M.subject_shortcuts)}
          hint={intl.formatMessage(M.subject_shortcuts_hint)}
          onAdd={() => update({ ...draft, subject_shortcut: [...draft.subject_shortcut, { label: '', is_visible: true }] })}
        >
          <table className="table share-settings-table" data-section="subject_shortcut">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(M.mail_subject)}</th>
                <th scope="col">{intl.formatMessage(M.visible)}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              <EmptyRow columns={3} items={draft.subject_shortcut} />
              {draft.subject_shortcut.map((item, index) => (
                <tr key={index} className={invalid('subject_shortcut', index) ? 'is-invalid' : undefined}>
                  <td>
                    <input
                      className="input"
                      maxLength={SHORTCUT_LABEL_MAX}
                      aria-label={intl.formatMessage(M.mail_subject)}
                      aria-invalid={invalid('subject_shortcut', index) || undefined}
                      value={item.label}
                      onChange={(event) => updateItem('subject_shortcut', index, { ...item, label: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={intl.formatMessage(M.visible)}
                      checked={item.is_visible}
                      onChange={(event) => updateItem('subject_shortcut', index, { ...item, is_visible: event.target.checked })}
                    />
                  </td>
                  <RowTools {...tools('subject_shortcut', index)} />
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        <Section
          title={intl.formatMessage(M.people)}
          hint={intl.formatMessage(M.people_hint)}
          onAdd={() => update({ ...draft, people: [...draft.people, { label: '', email: '', is_visible: true }] })}
        >
          <table className="table share-settings-table" data-section="people">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(M.label)}</th>
                <th scope="col">{intl.formatMessage(M.mail_to)}</th>
                <th scope="col">{intl.formatMessage(M.visible)}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              <EmptyRow columns={4} items={draft.people} />
              {draft.people.map((item, index) => (
                <tr key={index} className={invalid('people', index) ? 'is-invalid' : undefined}>
                  <td>
                    <input
                      className="input"
                      maxLength={SHORTCUT_LABEL_MAX}
                      aria-label={intl.formatMessage(M.label)}
                      value={item.label}
                      onChange={(event) => updateItem('people', index, { ...item, label: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      className="input"
                      type="email"
                      aria-label={intl.formatMessage(M.mail_to)}
                      aria-invalid={invalid('people', index, 'email') || undefined}
                      value={item.email}
                      onChange={(event) => updateItem('people', index, { ...item, email: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={intl.formatMessage(M.visible)}
                      checked={item.is_visible}
                      onChange={(event) => updateItem('people', index, { ...item, is_visible: event.target.checked })}
                    />
                  </td>
                  <RowTools {...tools('people', index)} />
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        {problems.length > 0 && <FormAlert>{intl.formatMessage(M.settings_invalid)}</FormAlert>}
        {saved && (
          <FormAlert tone="success">
            <FormattedMessage id="common.saved" />
          </FormAlert>
        )}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => update(initial)}>
            {intl.formatMessage(M.revert)}
          </button>
          <button type="submit" className="button button-primary" disabled={replace.isPending}>
            <FormattedMessage id="common.save" />
          </button>
        </div>
      </form>
    </div>
  );
});
