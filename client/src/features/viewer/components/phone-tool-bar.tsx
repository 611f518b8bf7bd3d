/**
 * The viewer's bottom bar on a phone (spec 1 §2: below 576 px): the five tools a reader uses most
 * on a small touch screen, as icons with a short label under the thumb, and "More", which opens
 * the whole toolbar (the user's toolbar settings, as on a PC) in a sheet from the bottom. One
 * finger uses the chosen tool; two fingers pinch to zoom and pan whatever is chosen.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ToolbarCommand } from './toolbar-command.ts';
import { LABELS } from './toolbar-labels.ts';
import { ToolIcon } from './toolbar-icons.tsx';

const TOOLS: readonly { key: string; label: MessageDescriptor; tool: boolean }[] = [
  { key: 'scroll', label: { id: 'viewer.phone.scroll' }, tool: true },
  { key: 'window_level', label: LABELS.window_level, tool: true },
  { key: 'zoom', label: LABELS.zoom, tool: true },
  { key: 'length', label: LABELS.length, tool: true },
  { key: 'reset', label: LABELS.reset, tool: false },
];

export interface PhoneToolBarProps {
  primary: string | null;
  onCommand: (command: ToolbarCommand) => void;
  /** Whether the sheet with every tool is open. */
  sheetOpen: boolean;
  onSheet: (open: boolean) => void;
  /** The whole toolbar, shown in the sheet. */
  children: ReactNode;
}

export function PhoneToolBar({ primary, onCommand, sheetOpen, onSheet, children }: PhoneToolBarProps) {
  const intl = useIntl();
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!sheetOpen) return;
    sheet.current?.focus();
    const close = (event: KeyboardEvent) => event.key === 'Escape' && onSheet(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [sheetOpen, onSheet]);
  const moreLabel = intl.formatMessage({ id: 'viewer.phone.more' });
  return (
    <>
      {sheetOpen && (
        <div className="phone-sheet-backdrop" onClick={() => onSheet(false)}>
          <div
            ref={sheet}
            className="phone-sheet"
            role="dialog"
            aria-modal="true"
            aria-label={moreLabel}
            tabIndex={-1}
            // A tool chosen in the sheet closes it; a menu opened in it does not.
            onClick={(event) => {
              event.stopPropagation();
              if ((event.target as HTMLElement).closest('.viewer-tool:not([aria-haspopup])')) onSheet(false);
            }}
          >
            {children}
          </div>
        </div>
      )}
      <nav className="phone-tool-bar" aria-label={intl.formatMessage({ id: 'viewer.toolbar' })}>
        {TOOLS.map(({ key, label, tool }) => (
          <button
            key={key}
            type="button"
            className="phone-tool"
            aria-pressed={tool ? primary === key : undefined}
            onClick={() => onCommand({ type: 'feature', key })}
          >
            <ToolIcon name={key} />
            <span>{intl.formatMessage(label)}</span>
          </button>
        ))}
        <button type="button" className="phone-tool" aria-expanded={sheetOpen} onClick={() => onSheet(!sheetOpen)}>
          <ToolIcon name="more" />
          <span>{moreLabel}</span>
        </button>
      </nav>
    </>
  );
}
