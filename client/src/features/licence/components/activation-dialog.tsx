/**
 * The activation dialog (spec 1 §2 dialogs, spec 3 §2): choose a licence file or paste its text,
 * then Activate. A refusal shows the server's reason (signature, format, period) in the dialog.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LICENCE_FILE_MAX_BYTES } from '@pacs/common';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useActivateLicence } from '../api/activate-licence.ts';

export function ActivationDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const formId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const activate = useActivateLicence();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > LICENCE_FILE_MAX_BYTES) return setProblem(intl.formatMessage({ id: 'licence.file_too_large' }));
    setProblem(null);
    setText(await file.text());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    activate.mutate(text.trim(), {
      onSuccess: onClose,
      onError: (error) =>
        setProblem(error instanceof ApiError && error.body ? error.body.message : intl.formatMessage({ id: 'errors.unexpected' })),
    });
  };

  return (
    <Dialog
      title={<FormattedMessage id="licence.activation" />}
      onClose={onClose}
      footer={
        <FormDialogFooter
          formId={formId}
          onCancel={onClose}
          disabled={activate.isPending || text.trim() === ''}
          submitLabel={<FormattedMessage id="licence.activate" />}
        />
      }
    >
      <form id={formId} className="form licence-activation" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${formId}-file`} className="field-label">
            <FormattedMessage id="licence.file" />
          </label>
          <input
            id={`${formId}-file`}
            type="file"
            accept=".licence,.license,.json,application/json,text/plain"
            onChange={(event) => void onFile(event)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-text`} className="field-label">
            <FormattedMessage id="licence.paste" />
          </label>
          <textarea
            id={`${formId}-text`}
            className="input mono licence-text"
            rows={8}
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
          />
        </div>
        {problem && (
          <p className="alert alert-danger" role="alert">
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
