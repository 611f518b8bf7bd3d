/**
 * The list's search bar (spec 1 §2, spec 2 §2): quick search, search shortcuts and period search
 * in the order and visibility of the user's settings, then modalities and favourites.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { MatchType, SearchBarPart, SearchShortcutKey, VisibleKey } from '@pacs/common';
import { Icon } from '../../../components/icons.tsx';
import { MATCH_LABELS } from '../../../components/list-layout-fields.tsx';
import { MATCH_TYPES, QUICK_SEARCH_KEYS, SEARCH_SHORTCUTS, periodFilters, shortcutFilters } from '../search-query.ts';
import type { StudyFilters } from '../search-query.ts';
import { StarIcon } from './cells.tsx';
// The bar's styles, wherever it is shown (the worklist screen shows it too).
import '../studies.css';

const FIELD_LABELS = defineMessages({
  PatientID: { id: 'studies.search.fields.patient_id' },
  PatientName: { id: 'studies.search.fields.patient_name' },
  AccessionNumber: { id: 'studies.search.fields.accession_number' },
  StudyDescription: { id: 'studies.search.fields.study_description' },
});

const SHORTCUT_LABELS = defineMessages({
  all: { id: 'studies.search.shortcuts.all' },
  today: { id: 'studies.search.shortcuts.today' },
  yesterday: { id: 'studies.search.shortcuts.yesterday' },
  pastweek: { id: 'studies.search.shortcuts.pastweek' },
});

const DEFAULT_PARTS: VisibleKey<SearchBarPart>[] = [
  { key: 'quick_search', is_visible: true },
  { key: 'search_shortcut', is_visible: true },
  { key: 'period_search', is_visible: true },
];

/**
 * What the bar reads and drives: the study list's store, and any list searched the same way (the
 * worklist screen reuses the bar with its own store).
 */
export interface SearchBarStore {
  readonly filters: StudyFilters;
  setFilters(patch: Partial<StudyFilters>): void;
  search(): Promise<void>;
}

export interface StudySearchBarProps {
  store: SearchBarStore;
  parts?: readonly VisibleKey<SearchBarPart>[] | undefined;
  shortcuts?: readonly VisibleKey<SearchShortcutKey>[] | undefined;
  modalities: readonly string[];
  showFavorites: boolean;
}

const QuickSearch = observer(function QuickSearch({ store }: { store: SearchBarStore }) {
  const intl = useIntl();
  const { quickKey, matchType, text } = store.filters;
  const label = (key: string) => {
    const descriptor = FIELD_LABELS[key as keyof typeof FIELD_LABELS];
    return descriptor ? intl.formatMessage(descriptor) : key;
  };
  return (
    <form
      className="quick-search"
      onSubmit={(event) => {
        event.preventDefault();
        void store.search();
      }}
    >
      <select
        className="input compact-select"
        value={quickKey}
        aria-label={intl.formatMessage({ id: 'studies.search.field' })}
        onChange={(event) => store.setFilters({ quickKey: event.target.value, matchType })}
      >
        {QUICK_SEARCH_KEYS.map((key) => (
          <option key={key} value={key}>
            {label(key)}
          </option>
        ))}
      </select>
      <select
        className="input compact-select"
        value={matchType}
        aria-label={intl.formatMessage({ id: 'studies.search.match' })}
        onChange={(event) => store.setFilters({ quickKey, matchType: event.target.value as MatchType })}
      >
        {MATCH_TYPES.map((type) => (
          <option key={type} value={type}>
            {intl.formatMessage(MATCH_LABELS[type])}
          </option>
        ))}
      </select>
      <div className="search-text">
        <input
          className="input compact-input"
          type="search"
          value={text}
          placeholder={label(quickKey)}
          aria-label={intl.formatMessage({ id: 'studies.search.text' })}
          onChange={(event) => store.setFilters({ text: event.target.value })}
        />
        <button type="submit" className="icon-button search-submit" aria-label={intl.formatMessage({ id: 'studies.search.submit' })}>
          <Icon name="search" size={16} />
        </button>
      </div>
    </form>
  );
});

const Shortcuts = observer(function Shortcuts({ store, shortcuts }: { store: SearchBarStore; shortcuts: readonly SearchShortcutKey[] }) {
  const intl = useIntl();
  return (
    <div className="segmented" role="group" aria-label={intl.formatMessage({ id: 'studies.search.shortcut' })}>
      {shortcuts.map((key) => (
        <button
          key={key}
          type="button"
          className="segment"
          aria-pressed={store.filters.shortcut === key}
          onClick={() => {
            store.setFilters(shortcutFilters(key));
            void store.search();
          }}
        >
          {intl.formatMessage(SHORTCUT_LABELS[key])}
        </button>
      ))}
    </div>
  );
});

const Period = observer(function Period({ store }: { store: SearchBarStore }) {
  const intl = useIntl();
  const { from, to } = store.filters;
  const change = (nextFrom: string, nextTo: string) => {
    store.setFilters(periodFilters(store.filters, nextFrom, nextTo));
    void store.search();
  };
  return (
    <div className="period-search" role="group" aria-label={intl.formatMessage({ id: 'studies.search.period' })}>
      <input
        className="input compact-input date-input"
        type="date"
        value={from}
        max={to || undefined}
        aria-label={intl.formatMessage({ id: 'studies.search.from' })}
        onChange={(event) => change(event.target.value, to)}
      />
      <span className="period-dash" aria-hidden="true">
        –
      </span>
      <input
        className="input compact-input date-input"
        type="date"
        value={to}
        min={from || undefined}
        aria-label={intl.formatMessage({ id: 'studies.search.to' })}
        onChange={(event) => change(from, event.target.value)}
      />
    </div>
  );
});

const ModalityPicker = observer(function ModalityPicker({ store, modalities }: { store: SearchBarStore; modalities: readonly string[] }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const selected = store.filters.modalities;

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = (modality: string) => {
    const next = selected.includes(modality) ? selected.filter((item) => item !== modality) : [...selected, modality];
    store.setFilters({ modalities: next });
    void store.search();
  };

  return (
    <div className="modality-picker" ref={box}>
      <button
        type="button"
        className={`input compact-select picker-button${selected.length > 0 ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {intl.formatMessage({ id: 'studies.search.modality' })}
        {selected.length > 0 ? `: ${selected.join(', ')}` : ''}
      </button>
      {open && (
        <div id={menuId} className="picker-menu" role="group" aria-label={intl.formatMessage({ id: 'studies.search.modality' })}>
          {modalities.map((modality) => (
            <label key={modality} className="picker-option">
              <input type="checkbox" className="checkbox" checked={selected.includes(modality)} onChange={() => toggle(modality)} />
              {modality}
            </label>
          ))}
          {selected.length > 0 && (
            <button
              type="button"
              className="picker-clear"
              onClick={() => {
                store.setFilters({ modalities: [] });
                void store.search();
              }}
            >
              {intl.formatMessage({ id: 'studies.search.all_modalities' })}
            </button>
          )}
        </div>
      )}
    </div>
  );
});

export const StudySearchBar = observer(function StudySearchBar({
  store,
  parts,
  shortcuts,
  modalities,
  showFavorites,
}: StudySearchBarProps) {
  const intl = useIntl();
  const visibleShortcuts = (shortcuts ?? SEARCH_SHORTCUTS.map((key) => ({ key, is_visible: true })))
    .filter((item) => item.is_visible && SEARCH_SHORTCUTS.includes(item.key))
    .map((item) => item.key);
  const visibleParts = (parts && parts.length > 0 ? parts : DEFAULT_PARTS).filter((part) => part.is_visible);
  return (
    <div className="study-search">
      {visibleParts.map((part) => {
        if (part.key === 'quick_search') return <QuickSearch key={part.key} store={store} />;
        if (part.key === 'search_shortcut') return <Shortcuts key={part.key} store={store} shortcuts={visibleShortcuts} />;
        if (part.key === 'period_search') return <Period key={part.key} store={store} />;
        return null;
      })}
      <ModalityPicker store={store} modalities={modalities} />
      {showFavorites && (
        <button
          type="button"
          className="input compact-select favorite-toggle"
          aria-pressed={store.filters.favoritesOnly}
          aria-label={intl.formatMessage({ id: 'studies.search.favorites' })}
          title={intl.formatMessage({ id: 'studies.search.favorites' })}
          onClick={() => {
            store.setFilters({ favoritesOnly: !store.filters.favoritesOnly });
            void store.search();
          }}
        >
          <StarIcon filled={store.filters.favoritesOnly} />
          <span className="favorite-toggle-label">{intl.formatMessage({ id: 'studies.search.favorites' })}</span>
        </button>
      )}
    </div>
  );
});
