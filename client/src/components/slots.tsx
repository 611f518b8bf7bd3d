/**
 * The search bar and toolbar slots (spec 1 §2 "Top bar by route"). The study list, worklist and
 * viewer fill them through <SlotPortal>; an unfilled slot holds its place with no made-up content,
 * except on routes whose band is shown only while a screen fills it (the viewer: its pickers are
 * not built yet, and an empty band would take rows from the image).
 */
import { makeAutoObservable } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { Icon } from './icons.tsx';
import './slots.css';

/**
 * How the shell shows a search bar or toolbar band: always (an empty slot holds its place),
 * only while a screen fills it, or never.
 */
export type Band = 'always' | 'when-filled' | 'never';

type SlotName = 'search-bar' | 'toolbar';

const SLOT_IDS: Record<SlotName, string> = { 'search-bar': 'search-bar-slot', toolbar: 'toolbar-slot' };

/** Which slot elements are mounted and how many portals want each slot. */
class SlotRegistry {
  targets = new Map<SlotName, HTMLElement>();
  claims = new Map<SlotName, number>();

  constructor() {
    makeAutoObservable(this);
  }

  setTarget(slot: SlotName, element: HTMLElement | null): void {
    if (element) this.targets.set(slot, element);
    else this.targets.delete(slot);
  }

  /** Registers a portal for the slot; returns its release. */
  claim(slot: SlotName): () => void {
    this.claims.set(slot, (this.claims.get(slot) ?? 0) + 1);
    return () => this.release(slot);
  }

  private release(slot: SlotName): void {
    const count = (this.claims.get(slot) ?? 1) - 1;
    if (count > 0) this.claims.set(slot, count);
    else this.claims.delete(slot);
  }

  isClaimed(slot: SlotName): boolean {
    return this.claims.has(slot);
  }
}

const registry = new SlotRegistry();
const searchBarRef = (element: HTMLDivElement | null) => registry.setTarget('search-bar', element);
const toolbarRef = (element: HTMLDivElement | null) => registry.setTarget('toolbar', element);

/**
 * Renders a screen's search bar or toolbar content inside the shell's slot. The slot's
 * placeholder hides itself (CSS) while the slot holds content; a band shown only when filled
 * appears once a portal claims it.
 */
export const SlotPortal = observer(function SlotPortal({ slot, children }: { slot: SlotName; children: ReactNode }) {
  useEffect(() => registry.claim(slot), [slot]);
  const target = registry.targets.get(slot);
  return target ? createPortal(children, target) : null;
});

export const SearchBarSlot = observer(function SearchBarSlot({ band }: { band: Band }) {
  const intl = useIntl();
  if (band === 'never' || (band === 'when-filled' && !registry.isClaimed('search-bar'))) return null;
  return (
    <div className="search-bar" role="search" aria-label={intl.formatMessage({ id: 'shell.search_bar' })}>
      <div id={SLOT_IDS['search-bar']} ref={searchBarRef} className="slot-fill" />
      <div className="search-input-wrap slot-placeholder">
        <Icon name="search" size={16} />
        <input
          className="input search-input"
          type="search"
          disabled
          placeholder={intl.formatMessage({ id: 'shell.quick_search' })}
          aria-label={intl.formatMessage({ id: 'shell.quick_search' })}
        />
      </div>
    </div>
  );
});

export const ToolbarSlot = observer(function ToolbarSlot({ band }: { band: Band }) {
  const intl = useIntl();
  if (band === 'never' || (band === 'when-filled' && !registry.isClaimed('toolbar'))) return null;
  return (
    <div className="toolbar-slot" role="toolbar" aria-label={intl.formatMessage({ id: 'shell.toolbar' })}>
      <div id={SLOT_IDS.toolbar} ref={toolbarRef} className="slot-fill" />
    </div>
  );
});
