/**
 * The page around list editors (share shortcuts and columns, the worklist's layout and search
 * fields): title and description, a form that saves on submit, the problem and "Saved." notices,
 * and the actions (a reset-style button next to Save).
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { FormAlert } from './form-fields.tsx';
import { PageHeader } from './page-header.tsx';

export interface ListSettingsPageProps {
  className: string;
  formClassName?: string;
  title: string;
  description: string;
  /** Checks and saves; a refused save shows `problem`, a failed one stays quiet like before. */
  onSave: () => Promise<void>;
  problem?: string;
  saved: boolean;
  saving: boolean;
  /** The button beside Save (revert, reset to defaults). */
  reset: { label: string; onClick: () => void };
  children: ReactNode;
}

export function ListSettingsPage({
  className,
  formClassName,
  title,
  description,
  onSave,
  problem,
  saved,
  saving,
  reset,
  children,
}: ListSettingsPageProps) {
  return (
    <div className={`page ${className}`}>
      <PageHeader title={title} description={description} />
      <form
        className={formClassName ? `form ${formClassName}` : 'form'}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave().catch(() => undefined);
        }}
      >
        {children}
        {problem !== undefined && <FormAlert>{problem}</FormAlert>}
        {saved && (
          <FormAlert tone="success">
            <FormattedMessage id="common.saved" />
          </FormAlert>
        )}
        <div className="form-actions">
          <button type="button" className="button" onClick={reset.onClick}>
            {reset.label}
          </button>
          <button type="submit" className="button button-primary" disabled={saving}>
            <FormattedMessage id="common.save" />
          </button>
        </div>
      </form>
    </div>
  );
}
