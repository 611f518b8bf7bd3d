/**
 * A folder of the list toolbar (spec 2 §3 toolbar items): a button that opens its items as a small
 * menu below it. The toolbar scrolls sideways on narrow screens, which would clip a menu placed
 * inside it, so the menu is placed against the window instead, and closes when the page scrolls
 * or resizes, on Escape, on a click outside and after one of its items is chosen.
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

export function ToolbarFolder({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const box = button.current.getBoundingClientRect();
    const rtl = getComputedStyle(button.current).direction === 'rtl';
    const width = document.documentElement.clientWidth;
    const menuWidth = panel.current?.offsetWidth ?? 0;
    // Aligned with the button's start edge, kept inside the window.
    const start = rtl ? Math.max(8, width - box.right) : Math.max(8, box.left);
    setPlace({ top: box.bottom + 4, insetInlineStart: Math.min(start, Math.max(8, width - menuWidth - 8)) });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [open]);

  return (
    <>
      <button ref={button} type="button" className="tool-button" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        {label}
        <span className="tool-caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={panel}
          className="toolbar-folder-menu"
          style={place}
          role="group"
          aria-label={label}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('button')) setOpen(false);
          }}
        >
          {children}
        </div>
      )}
    </>
  );
}
