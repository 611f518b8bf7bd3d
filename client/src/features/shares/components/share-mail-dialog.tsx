/**
 * The e-mail share dialog (spec 3 §2 "Share dialog"): recipient (a person shortcut fills it),
 * subject (a subject shortcut fills it), tick boxes for the fields and the list, viewer and report
 * links, all ticked at first; only ticked ones go into the body. "Web mail" opens a mailto:
 * compose window; "Share…" uses the device's share sheet where the browser has one.
 */
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isEmail, type ShareItem, type ShareKind } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { sessionStore } from '../../../state/index.ts';
import { formatShareCell } from '../share-columns.ts';
import { shareLink, sharePages } from '../share-links.ts';
import { composeMailBody, mailtoUrl, type MailLine } from '../share-mail.ts';
import { SHARE_MESSAGES as M, SHARE_PAGE_LABELS, SHARE_TYPE_LABELS, shareFieldLabel } from '../messages.ts';
import { Icon } from '../../../components/icons.tsx';
import { useFormatContext } from './share-info-dialog.tsx';
import '../shares.css';

const STUDY_FIELDS = ['PatientID', 'PatientName', 'StudyDateTime', 'ModalitiesInStudy', 'StudyDescription', 'ExpiresAt'] as const;
const PATIENT_FIELDS = ['PatientID', 'PatientName', 'Modality', 'ExpiresAt'] as const;

export interface ShareMailDialogProps {
  kind: ShareKind;
  share: ShareItem;
  onClose: () => void;
}

export const ShareMailDialog = observer(function ShareMailDialog({ kind, share, onClose }: ShareMailDialogProps) {
  const intl = useIntl();
  const id = useId();
  const context = useFormatContext();
  const settings = sessionStore.settings?.list?.share;
  const people = (settings?.people ?? []).filter((person) => person.is_visible);
  const subjects = (settings?.subject_shortcut ?? []).filter((subject) => subject.is_visible);
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());

  const fields: MailLine[] = (kind === 'study' ? STUDY_FIELDS : PATIENT_FIELDS).map((key) => ({
    key,
    label: shareFieldLabel(intl, key),
    value: formatShareCell(key, share, context, intl.formatMessage(SHARE_TYPE_LABELS.guest)),
    checked: !unticked.has(key),
  }));
  // The report link is offered only at study level (spec 3 §2).
  const links: MailLine[] = sharePages(kind).map((page) => ({
    key: `link-${page}`,
    label: intl.formatMessage(SHARE_PAGE_LABELS[page]),
    value: shareLink(window.location.origin, page, kind, share),
    checked: !unticked.has(`link-${page}`),
  }));
  const body = composeMailBody(fields, links);
  const toValid = to.trim() === '' || isEmail(to.trim());
  const firstLink = links.find((line) => line.checked)?.value;
  const canShare = typeof navigator.share === 'function';

  const toggle = (key: string) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const nativeShare = () => {
    const data: ShareData = { title: subject, text: body };
    if (firstLink) data.url = firstLink;
    // A dismissed share sheet rejects with AbortError: nothing to tell the user.
    navigator.share(data).catch(() => undefined);
  };

  const tickBox = (line: MailLine) => (
    <label key={line.key} className="field-checkbox share-tick">
      <input type="checkbox" checked={line.checked} onChange={() => toggle(line.key)} data-tick={line.key} />
      {line.label}
    </label>
  );

  return (
    <Dialog
      title={intl.formatMessage(M.mail_title)}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
          {canShare && (
            <button type="button" className="button" onClick={nativeShare}>
              <Icon name="share" size={16} strokeWidth={1.9} />
              {intl.formatMessage(M.native_share)}
            </button>
          )}
          <a
            className={`button button-primary${toValid ? '' : ' is-disabled'}`}
            href={toValid ? mailtoUrl(to, subject, body) : undefined}
            aria-disabled={toValid ? undefined : true}
            target="_blank"
            rel="noopener noreferrer"
            data-webmail=""
          >
            <Icon name="mail" size={16} strokeWidth={1.9} />
            {intl.formatMessage(M.web_mail)}
          </a>
        </>
      }
    >
      <div className="share-mail-grid">
        <div className={`field${toValid ? '' : ' field-invalid'}`}>
          <label htmlFor={`${id}-to`} className="field-label">
            {intl.formatMessage(M.mail_to)}
          </label>
          <div className="share-with-shortcut">
            <input id={`${id}-to`} className="input" type="email" value={to} onChange={(event) => setTo(event.target.value)} />
            {people.length > 0 && (
              <select
                className="input select"
                aria-label={intl.formatMessage(M.people)}
                value=""
                onChange={(event) => event.target.value && setTo(event.target.value)}
              >
                <option value="">{intl.formatMessage(M.people)}</option>
                {people.map((person, index) => (
                  <option key={`${person.email}-${index}`} value={person.email}>
                    {person.label ? `${person.label} <${person.email}>` : person.email}
                  </option>
                ))}
              </select>
            )}
          </div>
          {!toValid && <div className="field-error">{intl.formatMessage(M.invalid_email)}</div>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-subject`} className="field-label">
            {intl.formatMessage(M.mail_subject)}
          </label>
          <div className="share-with-shortcut">
            <input id={`${id}-subject`} className="input" value={subject} onChange={(event) => setSubject(event.target.value)} />
            {subjects.length > 0 && (
              <select
                className="input select"
                aria-label={intl.formatMessage(M.subjects)}
                value=""
                onChange={(event) => event.target.value && setSubject(event.target.value)}
              >
                <option value="">{intl.formatMessage(M.subjects)}</option>
                {subjects.map((item, index) => (
                  <option key={`${item.label}-${index}`} value={item.label}>
                    {item.label}
                  </option>
                ))}
              </select>
            )}
          </div>
        </div>
      </div>
      <fieldset className="fieldset">
        <legend>{intl.formatMessage(M.mail_fields)}</legend>
        <div className="share-ticks">{fields.map(tickBox)}</div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{intl.formatMessage(M.mail_links)}</legend>
        <div className="share-ticks">{links.map(tickBox)}</div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-body`} className="field-label">
          {intl.formatMessage(M.mail_body)}
        </label>
        <textarea id={`${id}-body`} className="input share-mail-body mono" rows={8} readOnly value={body} dir="auto" />
      </div>
    </Dialog>
  );
});
