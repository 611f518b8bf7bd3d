/**
 * The search bar and toolbar slots (spec 1 §2 "Top bar by route"). The study list, worklist and
 * viewer fill them through <SlotPortal>; an unfilled slot holds its place with no made-up content.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { Icon } from './icons.tsx';

const SLOT_IDS = { 'search-bar': 'search-bar-slot', toolbar: 'toolbar-slot' } as const;

/**
 * Renders a screen's search bar or toolbar content inside the shell's slot. The slot's
 * placeholder hides itself (CSS) while the slot holds content.
 */
export function SlotPortal({ slot, children }: { slot: keyof typeof SLOT_IDS; children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => setTarget(document.getElementById(SLOT_IDS[slot])), [slot]);
  return target ? createPortal(children, target) : null;
}

export function SearchBarSlot() {
  const intl = useIntl();
  return (
    <div className="search-bar" role="search" aria-label={intl.formatMessage({ id: 'shell.search_bar' })}>
      <div id={SLOT_IDS['search-bar']} className="slot-fill" />
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
}

export function ToolbarSlot() {
  const intl = useIntl();
  return (
    <div className="toolbar-slot" role="toolbar" aria-label={intl.formatMessage({ id: 'shell.toolbar' })}>
      <div id={SLOT_IDS.toolbar} className="slot-fill" />
    </div>
  );
}
