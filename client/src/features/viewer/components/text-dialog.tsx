/** Asks for the text of an arrow or text annotation (spec 2 "viewer tools: annotation text"). */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';

export function AnnotationTextDialog({ initial, onDone }: { initial: string; onDone: (text: string | null) => void }) {
  const intl = useIntl();
  const [text, setText] = useState(initial);
  return (
    <Dialog
      title={intl.formatMessage({ id: 'viewer.annotation_text.title' })}
      onClose={() => onDone(null)}
      size="small"
      footer={
        <FormDialogFooter
          formId="annotation-text"
          onCancel={() => onDone(null)}
          disabled={!text.trim()}
          cancelLabel={intl.formatMessage({ id: 'viewer.annotation_text.cancel' })}
          submitLabel={intl.formatMessage({ id: 'viewer.annotation_text.ok' })}
        />
      }
    >
      <form
        id="annotation-text"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) onDone(text.trim());
        }}
      >
        <input
          className="input"
          aria-label={intl.formatMessage({ id: 'viewer.annotation_text.label' })}
          value={text}
          maxLength={200}
          data-autofocus
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
