/**
 * The mwm search dialog (spec 2 §2): the fields of the user's settings (`mwm.search`: PatientID,
 * PatientName, Modality, AccessionNumber, Status, ReferringPhysicianName by default, each with
 * its match type) and the scheduled date. Applying replaces the dialog's filters; the search
 * bar's stay.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  defaultColumnLabel,
  WORKLIST_STATUSES,
  WORKLIST_TEXT_SEARCH_KEYS,
  worklistSearchQuery,
  type SearchField,
  type WorklistStatus,
} from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { columnLabel } from '../../../i18n/default-labels.ts';
import { STATUS_LABELS } from '../messages.ts';
import type { AdvancedFilters } from '../worklist-store.ts';

interface SearchDialogProps {
  fields: readonly SearchField[];
  modalities: readonly string[];
  current: AdvancedFilters;
  onApply: (filters: AdvancedFilters) => void;
  onClose: () => void;
}

const TEXT_KEYS = new Set(WORKLIST_TEXT_SEARCH_KEYS);

/** The value a previous search gave a key, without its wildcards. */
function previous(current: AdvancedFilters, key: string): string {
  return (current.find(([name]) => name === key)?.[1] ?? '').replace(/^%|%$/g, '');
}

export function SearchDialog({ fields, modalities, current, onApply, onClose }: SearchDialogProps) {
  const intl = useIntl();
  const visible = fields.filter((field) => field.is_visible);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(visible.map((field) => [field.key, previous(current, field.key)])),
  );
  const range = (current.find(([name]) => name === 'StudyDate')?.[1] ?? '-').split('-');
  const [from, setFrom] = useState(range[0] ? `${range[0].slice(0, 4)}-${range[0].slice(4, 6)}-${range[0].slice(6)}` : '');
  const [to, setTo] = useState(range[1] ? `${range[1].slice(0, 4)}-${range[1].slice(4, 6)}-${range[1].slice(6)}` : '');
  const set = (key: string, value: string) => setValues((before) => ({ ...before, [key]: value }));

  const apply = () => {
    const text = visible
      .filter((field) => TEXT_KEYS.has(field.key))
      .map((field) => ({ key: field.key, value: values[field.key] ?? '', type: field.type }));
    const modality = values.Modality ?? '';
    const status = (values.Status ?? '') as WorklistStatus | '';
    onApply(
      worklistSearchQuery({
        text,
        modalities: modality ? [modality] : [],
        statuses: status ? [status] : [],
        dateFrom: from,
        dateTo: to,
        period: 'all',
      }),
    );
    onClose();
  };

  const label = (key: string) => columnLabel(intl, { key, label: defaultColumnLabel(key) ?? key });
  return (
    <Dialog
      title={<FormattedMessage id="worklist.search.title" />}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              onApply([]);
              onClose();
            }}
          >
            <FormattedMessage id="worklist.search.clear" />
          </button>
          <button type="submit" form="worklist-search-form" className="button button-primary">
            <FormattedMessage id="worklist.search.apply" />
          </button>
        </>
      }
    >
      <form
        id="worklist-search-form"
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        {visible.map((field) => {
          const id = `worklist-search-${field.key}`;
          if (field.key === 'Modality' || field.key === 'Status') {
            const options =
              field.key === 'Modality'
                ? modalities.map((value) => [value, value])
                : WORKLIST_STATUSES.map((value) => [value, intl.formatMessage(STATUS_LABELS[value])]);
            return (
              <div key={field.key} className="field">
                <label htmlFor={id} className="field-label">
                  {label(field.key)}
                </label>
                <select
                  id={id}
                  className="input select"
                  value={values[field.key] ?? ''}
                  onChange={(event) => set(field.key, event.target.value)}
                >
                  <option value="">{intl.formatMessage({ id: 'worklist.search.any' })}</option>
                  {options.map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </select>
              </div>
            );
          }
          if (!TEXT_KEYS.has(field.key)) return null;
          return (
            <div key={field.key} className="field">
              <label htmlFor={id} className="field-label">
                {label(field.key)}
              </label>
              <input id={id} className="input" value={values[field.key] ?? ''} onChange={(event) => set(field.key, event.target.value)} />
            </div>
          );
        })}
        <div className="form-row">
          <div className="field">
            <label htmlFor="worklist-search-from" className="field-label">
              <FormattedMessage id="worklist.search.from" />
            </label>
            <input id="worklist-search-from" className="input" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="worklist-search-to" className="field-label">
              <FormattedMessage id="worklist.search.to" />
            </label>
            <input id="worklist-search-to" className="input" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </div>
        </div>
      </form>
    </Dialog>
  );
}
