/**
 * A folder of the list toolbar (the default list toolbar's "Edit" folder holds add, edit, note and
 * delete): a button that opens a menu of the folder's shown items. Each item's action comes from
 * the toolbar; an item without one shows disabled, as on the bar.
 *
 * The toolbar's groups scroll sideways on narrow screens, which clips anything drawn outside them,
 * so the menu is placed against the window below its button, and follows the button when
 * something scrolls (a phone's toolbar may still be gliding when the menu opens).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { ToolbarItem } from '@pacs/common';

export interface FolderAction {
  disabled: boolean;
  run: () => void;
}

export interface ToolbarFolderProps {
  label: string;
  items: readonly ToolbarItem[];
  itemLabel: (item: ToolbarItem) => string;
  /** The action of an item, or undefined when it arrives in a later release. */
  actionOf: (item: ToolbarItem) => FolderAction | undefined;
  laterTitle: string;
}

export function ToolbarFolder({ label, items, itemLabel, actionOf, laterTitle }: ToolbarFolderProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  // Below the button, aligned with its start edge, kept inside the window.
  const placeMenu = useCallback(() => {
    if (!button.current) return;
    const box = button.current.getBoundingClientRect();
    const rtl = getComputedStyle(button.current).direction === 'rtl';
    const width = document.documentElement.clientWidth;
    const menuWidth = menu.current?.offsetWidth ?? 0;
    const start = rtl ? Math.max(8, width - box.right) : Math.max(8, box.left);
    setPlace({ insetBlockStart: box.bottom + 4, insetInlineStart: Math.min(start, Math.max(8, width - menuWidth - 8)) });
  }, []);

  useLayoutEffect(() => {
    if (open) placeMenu();
  }, [open, placeMenu]);

  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', escape);
    window.addEventListener('resize', placeMenu);
    window.addEventListener('scroll', placeMenu, true);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', escape);
      window.removeEventListener('resize', placeMenu);
      window.removeEventListener('scroll', placeMenu, true);
    };
  }, [open, placeMenu]);

  return (
    <div className="toolbar-folder" ref={root}>
      <button
        ref={button}
        type="button"
        className="tool-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span className="tool-caret" aria-hidden="true" />
      </button>
      {open && (
        <div ref={menu} className="menu toolbar-folder-menu" style={place} role="menu" aria-label={label}>
          {items.map((item) => {
            if (item.type === 'divider') return <hr key={item.key} className="toolbar-folder-divider" />;
            const action = actionOf(item);
            return (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                className="menu-item"
                disabled={!action || action.disabled}
                title={action ? undefined : laterTitle}
                onClick={() => {
                  setOpen(false);
                  action?.run();
                }}
              >
                {itemLabel(item)}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
