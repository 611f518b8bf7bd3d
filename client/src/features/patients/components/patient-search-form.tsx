import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../../components/icons.tsx';
import { MATCH_TYPE_LABELS, SEARCH_KEY_LABELS } from '../messages.ts';
import type { MatchType } from '../types.ts';

const MATCH_TYPES: readonly MatchType[] = ['partial', 'perfect', 'forward', 'backward'];

export type PatientQuickKey = keyof typeof SEARCH_KEY_LABELS;
export const QUICK_KEYS = Object.keys(SEARCH_KEY_LABELS) as PatientQuickKey[];

export interface PatientQuickSearch {
  key: PatientQuickKey;
  type: MatchType;
  text: string;
}

/** The patient screen's quick search (spec 2 §2 patient search): field, match type and text; searches on submit. */
export function PatientSearchForm({ initial, onSearch }: { initial: PatientQuickSearch; onSearch: (search: PatientQuickSearch) => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState(initial);
  return (
    <form
      className="patients-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <select
        className="input patients-select"
        value={draft.key}
        aria-label={intl.formatMessage({ id: 'patients.search.field' })}
        onChange={(event) => setDraft({ ...draft, key: event.target.value as PatientQuickKey })}
      >
        {QUICK_KEYS.map((key) => (
          <option key={key} value={key}>
            {intl.formatMessage(SEARCH_KEY_LABELS[key])}
          </option>
        ))}
      </select>
      <select
        className="input patients-select"
        value={draft.type}
        aria-label={intl.formatMessage({ id: 'patients.search.match' })}
        onChange={(event) => setDraft({ ...draft, type: event.target.value as MatchType })}
      >
        {MATCH_TYPES.map((type) => (
          <option key={type} value={type}>
            {intl.formatMessage(MATCH_TYPE_LABELS[type])}
          </option>
        ))}
      </select>
      <div className="patients-search-text">
        <input
          className="input"
          type="search"
          value={draft.text}
          placeholder={intl.formatMessage(SEARCH_KEY_LABELS[draft.key])}
          aria-label={intl.formatMessage({ id: 'patients.search.text' })}
          onChange={(event) => setDraft({ ...draft, text: event.target.value })}
        />
        <button type="submit" className="button button-primary">
          <Icon name="search" size={16} />
          <span>{intl.formatMessage({ id: 'patients.search.submit' })}</span>
        </button>
      </div>
    </form>
  );
}
