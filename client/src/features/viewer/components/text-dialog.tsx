/** Asks for the text of an arrow or text annotation (spec 2 "viewer tools: annotation text"). */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from '../../../components/dialog.tsx';

export function AnnotationTextDialog({ initial, onDone }: { initial: string; onDone: (text: string | null) => void }) {
  const intl = useIntl();
  const [text, setText] = useState(initial);
  return (
    <Dialog
      title={intl.formatMessage({ id: 'viewer.annotation_text.title' })}
      onClose={() => onDone(null)}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={() => onDone(null)}>
            {intl.formatMessage({ id: 'viewer.annotation_text.cancel' })}
          </button>
          <button type="submit" form="annotation-text" className="button button-primary" disabled={!text.trim()}>
            {intl.formatMessage({ id: 'viewer.annotation_text.ok' })}
          </button>
        </>
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
