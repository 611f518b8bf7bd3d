/**
 * The QR code dialog (spec 3 §2): the share URL with a copy button that confirms for a second,
 * and the URL drawn as a QR code 296 pixels wide, so a phone can open the share.
 */
import { toCanvas } from 'qrcode';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShareItem, ShareKind } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { shareLink, sharePages, type SharePage } from '../share-links.ts';
import { SHARE_MESSAGES as M, SHARE_PAGE_LABELS } from '../messages.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { Icon } from '../../../components/icons.tsx';

export const QR_WIDTH = 296;
export const COPY_CONFIRMATION_MS = 1000;

export interface ShareQrDialogProps {
  kind: ShareKind;
  share: ShareItem;
  onClose: () => void;
}

export function ShareQrDialog({ kind, share, onClose }: ShareQrDialogProps) {
  const intl = useIntl();
  const id = useId();
  const [page, setPage] = useState<SharePage>('list');
  const [copied, setCopied] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const url = shareLink(window.location.origin, page, kind, share);

  useEffect(() => {
    if (canvas.current) void toCanvas(canvas.current, url, { width: QR_WIDTH, margin: 2, errorCorrectionLevel: 'M' });
  }, [url]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <Dialog
      title={intl.formatMessage(M.qr_title)}
      onClose={onClose}
      size="small"
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </button>
      }
    >
      <div className="share-pages" role="radiogroup" aria-label={intl.formatMessage(M.link_page)}>
        {sharePages(kind).map((item) => (
          <label key={item} className="field-checkbox">
            <input type="radio" name={`${id}-page`} checked={page === item} onChange={() => setPage(item)} />
            {intl.formatMessage(SHARE_PAGE_LABELS[item])}
          </label>
        ))}
      </div>
      <div className="share-url">
        <input className="input mono" readOnly value={url} aria-label={intl.formatMessage(M.link)} data-share-url="" />
        <button type="button" className="button" onClick={() => void copyText(url).then(() => setCopied(true))}>
          <Icon name="copy" size={16} strokeWidth={1.9} />
          {intl.formatMessage(copied ? M.copied : M.copy)}
        </button>
      </div>
      <div className="share-qr">
        <canvas ref={canvas} width={QR_WIDTH} height={QR_WIDTH} role="img" aria-label={intl.formatMessage(M.qr_image)} />
      </div>
    </Dialog>
  );
}
