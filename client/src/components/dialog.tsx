/**
 * The modal frame every dialog uses: a labelled `role="dialog"`, focus moved inside on open and
 * restored on close, Esc and backdrop clicks closing it unless the dialog forbids that.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from './icons.tsx';

export interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** False for dialogs that must be answered (no Esc, no backdrop, no header close button). */
  dismissible?: boolean;
  size?: 'small' | 'medium' | 'large';
  tone?: 'default' | 'danger';
}

export function Dialog({ title, onClose, children, footer, dismissible = true, size = 'medium', tone = 'default' }: DialogProps) {
  const intl = useIntl();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus], input, select, textarea, button');
    (first ?? panel.current)?.focus();
    return () => previous?.focus();
  }, []);

  useEffect(() => {
    if (!dismissible) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dismissible, onClose]);

  return (
    <div className="dialog-backdrop" onMouseDown={(event) => dismissible && event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`dialog dialog-${size} dialog-tone-${tone}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="icon-button" onClick={onClose} aria-label={intl.formatMessage({ id: 'common.close' })}>
              <Icon name="close" size={18} />
            </button>
          )}
        </header>
        <div className="dialog-body">{children}</div>
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </div>
  );
}

export interface FormDialogFooterProps {
  /** The id of the dialog's `<form>`, which the submit button submits from the footer. */
  formId: string;
  onCancel: () => void;
  /** True while saving, or while there is nothing to submit. */
  disabled?: boolean;
  /** Defaults to Save and Cancel. */
  submitLabel?: ReactNode;
  cancelLabel?: ReactNode;
}

/** The footer of a dialog holding a form: Cancel, then the primary submit button. */
export function FormDialogFooter({ formId, onCancel, disabled = false, submitLabel, cancelLabel }: FormDialogFooterProps) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        {cancelLabel ?? <FormattedMessage id="common.cancel" />}
      </button>
      <button type="submit" form={formId} className="button button-primary" disabled={disabled}>
        {submitLabel ?? <FormattedMessage id="common.save" />}
      </button>
    </>
  );
}
