/**
 * Share edit (spec 3 §4, §5): creates or changes a study or patient share. The target is a guest
 * or an institution, a role in it and an account in that role (cascading selects, shortcuts from
 * the user's settings fill the chain upward); the expiry day defaults to today + 7 with shortcut
 * buttons and refuses the past; patient shares may narrow to modalities.
 */
import { useQuery } from '@tanstack/react-query';
import { observer } from 'mobx-react-lite';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  latestShareExpiry,
  shareEditProblems,
  type ShareItem,
  type ShareKind,
  type ShareProblem,
  type ShareWithShortcut,
} from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { sessionStore } from '../../../state/index.ts';
import { FormAlert } from '../../../components/form-fields.tsx';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { getInstitutionsQueryOptions } from '../../institutions/index.ts';
import { getRolesQueryOptions } from '../../roles/index.ts';
import { useSaveShare, type CreatedShare } from '../api/save-share.ts';
import { addDays, defaultExpiryDays, expiryDayOf, expiryShortcuts, localDay } from '../share-expiry.ts';
import { parseModalities } from '../share-modalities.ts';
import {
  accountsOf,
  applyShortcut,
  changeAccount,
  changeInstitution,
  changeRole,
  NO_TARGET,
  rolesOf,
  targetFields,
  type TargetChoice,
} from '../share-target.ts';
import { SHARE_MESSAGES as M } from '../messages.ts';
import '../shares.css';

/** What a new share is about: the study's UID or the patient's ID, and a line naming it. */
export interface ShareSubject {
  kind: ShareKind;
  id: string;
  label: string;
}

export interface ShareEditDialogProps {
  kind: ShareKind;
  /** The share to change; absent when creating one for `subject`. */
  share?: ShareItem;
  subject?: ShareSubject;
  onSaved: (result: { No: number; created: CreatedShare | null }) => void;
  onClose: () => void;
}

type Mode = 'guest' | 'target';

const PROBLEM_TEXT: Record<ShareProblem, keyof typeof M> = {
  required: 'required',
  invalid: 'invalid',
  past: 'expiry_past',
  too_far: 'expiry_too_far',
};

export const ShareEditDialog = observer(function ShareEditDialog({ kind, share, subject, onSaved, onClose }: ShareEditDialogProps) {
  const intl = useIntl();
  const id = useId();
  const settings = sessionStore.settings?.list?.share;
  const today = localDay(new Date());
  const canPickTargets = sessionStore.can('share') || sessionStore.isAdmin;
  const institutions = useQuery({ ...getInstitutionsQueryOptions(), enabled: canPickTargets });
  const roles = useQuery({ ...getRolesQueryOptions(), enabled: canPickTargets });
  const roleList = useMemo(() => roles.data ?? [], [roles.data]);

  const [mode, setMode] = useState<Mode>(share && share.Type !== 'guest' ? 'target' : 'guest');
  const [target, setTarget] = useState<TargetChoice>(
    share && share.Type !== 'guest'
      ? { Institution: String(share.Institution ?? ''), Role: share.Role ? String(share.Role) : '', Account: share.Account ?? '' }
      : NO_TARGET,
  );
  const [expiresAt, setExpiresAt] = useState(share ? expiryDayOf(share.ExpiresAt) : addDays(today, defaultExpiryDays(settings)));
  const [modalityText, setModalityText] = useState((share?.Modality ?? []).join(', '));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const save = useSaveShare();

  const fields = mode === 'guest' ? targetFields(NO_TARGET) : targetFields(target);
  const modalities = kind === 'patient' ? parseModalities(modalityText) : [];
  const problems = shareEditProblems({ ...fields, ExpiresAt: expiresAt, Modality: modalities }, { today, expiryRequired: true });
  if (mode === 'target' && target.Institution === '') problems.Institution = 'required';
  const errorOf = (field: keyof typeof problems): string | undefined => {
    const problem = submitted ? problems[field] : undefined;
    if (problem) return intl.formatMessage(M[PROBLEM_TEXT[problem]]);
    return serverErrors[field];
  };

  const shortcuts: ShareWithShortcut[] = (settings?.share_with_shortcut ?? []).filter((item) => item.is_visible);
  const institutionOptions = (institutions.data ?? []).filter((item) => item.No !== 0);

  const submit = async () => {
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(problems).length > 0) return;
    try {
      const result = await save.mutateAsync({
        kind,
        ...(share ? { No: share.No } : { target: subject?.id ?? '' }),
        ...fields,
        ExpiresAt: expiresAt,
        Modality: modalities,
      });
      onSaved({ No: result.No, created: share ? null : result });
    } catch (error) {
      setServerErrors(serverFieldErrors(error) ?? {});
    }
  };

  const title = share ? M.edit_title : kind === 'study' ? M.create_study_title : M.create_patient_title;
  const otherError = Object.entries(serverErrors).find(
    ([field]) => !['Institution', 'Role', 'Account', 'ExpiresAt', 'Modality'].includes(field),
  );

  return (
    <Dialog
      title={intl.formatMessage(title)}
      onClose={onClose}
      footer={
        <FormDialogFooter
          formId={`${id}-form`}
          onCancel={onClose}
          disabled={save.isPending}
          submitLabel={<FormattedMessage id="common.ok" />}
        />
      }
    >
      <form
        id={`${id}-form`}
        className="form share-edit-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {(subject || share) && (
          <p className="muted share-subject">
            <bdi>{subject?.label ?? [share?.PatientID, share?.PatientName].filter(Boolean).join(' · ')}</bdi>
          </p>
        )}
        <fieldset className="fieldset">
          <legend>{intl.formatMessage(M.share_with)}</legend>
          <div className="share-mode" role="radiogroup">
            <label className="field-checkbox">
              <input type="radio" name={`${id}-mode`} checked={mode === 'guest'} onChange={() => setMode('guest')} />
              {intl.formatMessage(M.type_guest)}
            </label>
            <label className="field-checkbox">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === 'target'}
                disabled={!canPickTargets}
                onChange={() => setMode('target')}
              />
              {intl.formatMessage(M.target_accounts)}
            </label>
          </div>
          {mode === 'guest' ? (
            <p className="field-hint">{intl.formatMessage(M.guest_hint)}</p>
          ) : (
            <>
              {shortcuts.length > 0 && (
                <div className="share-shortcuts" aria-label={intl.formatMessage(M.shortcuts)}>
                  {shortcuts.map((shortcut, index) => (
                    <button
                      key={`${shortcut.label}-${index}`}
                      type="button"
                      className="button button-small"
                      onClick={() => setTarget(applyShortcut(shortcut, roleList))}
                    >
                      {shortcut.label}
                    </button>
                  ))}
                </div>
              )}
              <TargetSelect
                label={intl.formatMessage(M.institution)}
                value={target.Institution}
                error={errorOf('Institution')}
                options={institutionOptions.map((item) => ({ value: String(item.No), label: item.Name }))}
                onChange={(value) => setTarget(changeInstitution(target, value, roleList))}
              />
              <TargetSelect
                label={intl.formatMessage(M.role)}
                value={target.Role}
                error={errorOf('Role')}
                disabled={target.Institution === ''}
                options={rolesOf(roleList, target.Institution).map((role) => ({ value: String(role.No), label: role.Name }))}
                onChange={(value) => setTarget(changeRole(target, value, roleList))}
              />
              <TargetSelect
                label={intl.formatMessage(M.account)}
                value={target.Account}
                error={errorOf('Account')}
                disabled={target.Role === ''}
                options={accountsOf(roleList, target.Role).map((account) => ({
                  value: account.Id,
                  label: account.Name ? `${account.Name} (${account.Id})` : account.Id,
                }))}
                onChange={(value) => setTarget(changeAccount(target, value))}
              />
            </>
          )}
        </fieldset>

        <div className={`field${errorOf('ExpiresAt') ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-expires`} className="field-label">
            {intl.formatMessage(M.expires_at)}
          </label>
          <div className="share-expiry">
            <input
              id={`${id}-expires`}
              className="input"
              type="date"
              min={today}
              max={latestShareExpiry(today)}
              required
              value={expiresAt}
              aria-invalid={errorOf('ExpiresAt') ? true : undefined}
              onChange={(event) => setExpiresAt(event.target.value)}
            />
            {expiryShortcuts(settings).map((days) => (
              <button
                key={days}
                type="button"
                className="button button-small"
                disabled={addDays(today, days) > latestShareExpiry(today)}
                onClick={() => setExpiresAt(addDays(today, days))}
              >
                {intl.formatMessage(M.days, { days })}
              </button>
            ))}
          </div>
          {errorOf('ExpiresAt') && <div className="field-error">{errorOf('ExpiresAt')}</div>}
        </div>

        {kind === 'patient' && (
          <div className={`field${errorOf('Modality') ? ' field-invalid' : ''}`}>
            <label htmlFor={`${id}-modality`} className="field-label">
              {intl.formatMessage(M.modality)}
            </label>
            <input
              id={`${id}-modality`}
              className="input"
              value={modalityText}
              placeholder="CT, MR"
              aria-invalid={errorOf('Modality') ? true : undefined}
              onChange={(event) => setModalityText(event.target.value)}
            />
            <div className="field-hint">{intl.formatMessage(M.modality_hint)}</div>
            {errorOf('Modality') && <div className="field-error">{errorOf('Modality')}</div>}
          </div>
        )}
        {otherError && <FormAlert>{otherError[1]}</FormAlert>}
      </form>
    </Dialog>
  );
});

function TargetSelect({
  label,
  value,
  options,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const intl = useIntl();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{intl.formatMessage({ id: 'common.select' })}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}
