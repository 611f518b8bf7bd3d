/** The note dialog (spec 2 §2 "note"): edits a study's shared note; needs list_note. */
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, FormDialogFooter } from '../../../components/dialog.tsx';
import { useUpdateStudy } from '../api/update-study.ts';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import type { StudyItem } from '../types.ts';

const NOTE_MAX_LENGTH = 4000;

export interface NoteDialogProps {
  study: StudyItem;
  onSaved: (study: StudyItem) => void;
  onClose: () => void;
}

export function NoteDialog({ study, onSaved, onClose }: NoteDialogProps) {
  const intl = useIntl();
  const id = useId();
  const [note, setNote] = useState(study.Note);
  const update = useUpdateStudy((updated) => {
    onSaved(updated);
    onClose();
  });
  const patient = formatPersonName(study.PatientName, sessionStore.nameForm) || study.PatientID;
  return (
    <Dialog
      title={intl.formatMessage({ id: 'studies.note_dialog.title' })}
      onClose={onClose}
      size="small"
      footer={<FormDialogFooter formId={`${id}-form`} onCancel={onClose} disabled={update.isPending || note === study.Note} />}
    >
      <form
        id={`${id}-form`}
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ UID: study.StudyInstanceUID, Note: note });
        }}
      >
        <p className="muted note-subject">
          <bdi>{patient}</bdi>
          {study.StudyDescription && (
            <>
              {' · '}
              <bdi>{study.StudyDescription}</bdi>
            </>
          )}
        </p>
        <div className="field">
          <label htmlFor={`${id}-note`} className="field-label">
            <FormattedMessage id="studies.note_dialog.label" />
          </label>
          <textarea
            id={`${id}-note`}
            className="input note-input"
            rows={6}
            maxLength={NOTE_MAX_LENGTH}
            value={note}
            dir="auto"
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      </form>
    </Dialog>
  );
}
