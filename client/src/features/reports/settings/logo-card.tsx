/**
 * One institution logo (report_header or report_footer): a preview, upload (PNG or JPEG, checked
 * by content before sending, as the server does), download and delete with a confirmation.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { detectFileKind } from '@pacs/common';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { logoUrl, useDeleteLogo, useLogo, useUploadLogo, type LogoRef } from '../../institutions/index.ts';

/** The server's limit (adapter report-pdf.routes.ts). */
const MAX_LOGO_BYTES = 4 * 1024 * 1024;

const MESSAGES = defineMessages({
  too_large: { id: 'report_settings.logo.too_large' },
  not_image: { id: 'report_settings.logo.not_image' },
  upload: { id: 'report_settings.logo.upload' },
  replace: { id: 'report_settings.logo.replace' },
});

type Problem = 'too_large' | 'not_image';

const TITLES = defineMessages({
  report_header: { id: 'report_settings.logo.report_header' },
  report_footer: { id: 'report_settings.logo.report_footer' },
});

async function logoProblem(file: File): Promise<Problem | null> {
  if (file.size > MAX_LOGO_BYTES) return 'too_large';
  const kind = detectFileKind(new Uint8Array(await file.slice(0, 132).arrayBuffer()));
  return kind === 'png' || kind === 'jpeg' ? null : 'not_image';
}

/** An object URL for the blob, revoked when it changes or the card goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export function LogoCard({ institution, name }: LogoRef) {
  const intl = useIntl();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const ref = { institution, name };
  const logo = useLogo(ref);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = useObjectUrl(logo.data?.blob);
  const title = intl.formatMessage(TITLES[name]);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const found = await logoProblem(file);
    setProblem(found);
    if (found) return;
    upload.mutate({ ...ref, file });
  };
  const serverProblem = upload.error && isApiError(upload.error) ? (upload.error.fields?.file ?? null) : null;

  return (
    <section className="card logo-card" aria-label={title}>
      <h3 className="card-title">{title}</h3>
      <div className="logo-preview">
        {logo.isPending ? (
          <span className="muted" role="status">
            <FormattedMessage id="common.loading" />
          </span>
        ) : preview ? (
          <img src={preview} alt={intl.formatMessage({ id: 'report_settings.logo.preview' }, { name: title })} />
        ) : (
          <span className="muted">
            <FormattedMessage id="report_settings.logo.none" />
          </span>
        )}
      </div>
      {(problem || serverProblem) && (
        <div className="alert alert-danger" role="alert">
          {problem ? intl.formatMessage(MESSAGES[problem]) : serverProblem}
        </div>
      )}
      <div className="logo-actions">
        <input
          ref={input}
          id={inputId}
          type="file"
          className="visually-hidden"
          accept="image/png,image/jpeg"
          disabled={upload.isPending}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <label htmlFor={inputId} className={`button button-primary${upload.isPending ? ' is-disabled' : ''}`}>
          <FormattedMessage {...(logo.data ? MESSAGES.replace : MESSAGES.upload)} />
        </label>
        {logo.data && (
          <>
            <a className="button" href={logoUrl(ref, logo.data.updatedAt)} download={name}>
              <FormattedMessage id="report_settings.logo.download" />
            </a>
            <button type="button" className="button button-danger-quiet" disabled={remove.isPending} onClick={() => setConfirming(true)}>
              <FormattedMessage id="report_settings.logo.delete" />
            </button>
          </>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={<FormattedMessage id="report_settings.logo.delete_title" />}
          confirmLabel={<FormattedMessage id="report_settings.logo.delete" />}
          danger
          onConfirm={() => remove.mutate(ref)}
          onClose={() => setConfirming(false)}
        >
          <p>{intl.formatMessage({ id: 'report_settings.logo.delete_question' }, { name: title })}</p>
          <p className="muted">
            <FormattedMessage id="toolbars.cannot_be_undone" />
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
