/**
 * Picks a patient record by typing (issue 17: the worklist's add dialog picks the patient instead
 * of typing the name): searches `/patients/search` by Keyword (PatientID or name) as the user
 * types, lists the matches, and offers to create a record when nothing matches. Props are
 * described in features/patients/index.ts.
 */
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import { useSearchPatients } from '../api/search-patients.ts';
import type { MatchType, Patient } from '../types.ts';
import { PatientDialog } from './patient-dialog.tsx';
import '../patients.css';

export interface PatientPickerProps {
  value?: Patient | null;
  onChange: (patient: Patient) => void;
  label?: ReactNode;
  matchType?: MatchType;
  allowCreate?: boolean;
  disabled?: boolean;
  limit?: number;
}

const DEBOUNCE_MS = 250;

/** What a match says about itself in the list: ID, name, sex and birth date. */
function describe(patient: Patient): string {
  return [patient.PatientID, formatPersonName(patient.PatientName, sessionStore.nameForm), patient.PatientSex, patient.PatientBirthDate]
    .filter(Boolean)
    .join(' · ');
}

export function PatientPicker({
  value,
  onChange,
  label,
  matchType = 'partial',
  allowCreate = true,
  disabled = false,
  limit = 8,
}: PatientPickerProps) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTyped(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useSearchPatients({ key: 'Keyword', text: typed, type: matchType, limit, offset: 0 }, open && typed !== '');
  // A failed search lists nothing (spec 2 §4); the error went to the app's error dialog.
  const matches = search.isError || typed === '' ? [] : (search.data?.Items ?? []);
  const settled = typed !== '' && typed === text.trim() && !search.isFetching;
  const offerCreate = allowCreate && settled && matches.length === 0;
  const listId = `${id}-list`;

  const choose = (patient: Patient) => {
    onChange(patient);
    setText('');
    setTyped('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (matches.length === 0 ? 0 : (current + step + matches.length) % matches.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const match = matches[active];
      if (match) choose(match);
      else if (offerCreate) setCreating(true);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="field patient-picker">
      <label htmlFor={id} className="field-label">
        {label ?? <FormattedMessage id="patients.picker.label" />}
      </label>
      {value && (
        <div className="patient-picker-chosen" aria-live="polite">
          <FormattedMessage id="patients.picker.chosen" values={{ patient: describe(value) }} />
        </div>
      )}
      <input
        id={id}
        className="input"
        type="search"
        role="combobox"
        aria-expanded={open && typed !== ''}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${matches[active].No}` : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        value={text}
        placeholder={intl.formatMessage({ id: 'patients.picker.placeholder' })}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && typed !== '' && (
        <div className="patient-picker-popup">
          <ul id={listId} role="listbox" className="patient-picker-list" aria-label={intl.formatMessage({ id: 'patients.picker.matches' })}>
            {matches.map((patient, index) => (
              <li
                key={patient.No}
                id={`${listId}-${patient.No}`}
                role="option"
                aria-selected={index === active}
                className="patient-picker-option"
                // mousedown: before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(patient);
                }}
              >
                {describe(patient)}
              </li>
            ))}
          </ul>
          {!settled && matches.length === 0 && (
            <p className="muted patient-picker-note">
              <FormattedMessage id="common.loading" />
            </p>
          )}
          {settled && matches.length === 0 && (
            <p className="muted patient-picker-note">
              <FormattedMessage id="patients.picker.none" />
            </p>
          )}
          {offerCreate && (
            <button
              type="button"
              className="button button-small"
              onMouseDown={(event) => {
                event.preventDefault();
                setCreating(true);
              }}
            >
              <FormattedMessage id="patients.picker.create" values={{ text: text.trim() }} />
            </button>
          )}
        </div>
      )}
      {creating && (
        <PatientDialog
          initial={{ PatientID: text.trim() }}
          onSaved={choose}
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
    </div>
  );
}
