/**
 * A folder of the list toolbar (the default list toolbar's "Edit" folder holds add, edit, note and
 * delete): a button that opens a menu of the folder's shown items. Each item's action comes from
 * the toolbar; an item without one shows disabled, as on the bar.
 */
import { useEffect, useRef, useState } from 'react';
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
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="toolbar-folder" ref={root}>
      <button type="button" className="tool-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {label}
        <span className="tool-caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="menu toolbar-folder-menu" role="menu" aria-label={label}>
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
