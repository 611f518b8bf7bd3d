import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A button that opens a small panel below it; closes on outside clicks, Escape and (unless the
 * panel holds fields) a click on one of its buttons, so it never covers the image being worked on.
 */
export function Popover({
  label,
  pressed,
  keepOpen = false,
  children,
}: {
  label: string;
  pressed?: boolean;
  keepOpen?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // A panel that would run past the window's edge opens towards the other side of its button.
  const [alignEnd, setAlignEnd] = useState(false);
  useLayoutEffect(() => {
    const box = open ? panel.current?.getBoundingClientRect() : undefined;
    if (!box || !panel.current) return setAlignEnd(false);
    const rtl = getComputedStyle(panel.current).direction === 'rtl';
    if (rtl ? box.left < 0 : box.right > document.documentElement.clientWidth) setAlignEnd(true);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="viewer-popover" ref={root}>
      <button
        type="button"
        className="viewer-tool viewer-tool-menu"
        aria-haspopup="true"
        aria-expanded={open}
        aria-pressed={pressed}
        onClick={() => setOpen(!open)}
      >
        {label}
        <span className="tool-caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={panel}
          className={alignEnd ? 'viewer-popover-panel is-end' : 'viewer-popover-panel'}
          role="group"
          aria-label={label}
          onClick={(event) => {
            // A button that opens a nested menu keeps this one open.
            const button = (event.target as HTMLElement).closest('button');
            if (!keepOpen && button && !button.hasAttribute('aria-haspopup')) setOpen(false);
          }}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
