/**
 * A folder of the list toolbar (spec 2 §3 toolbar items): a button that opens its items as a small
 * menu below it. The toolbar scrolls sideways on narrow screens, which would clip a menu placed
 * inside it, so the menu is placed against the window instead (following its button when something
 * scrolls), and closes on Escape, on a click outside and after one of its items is chosen.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

export function ToolbarFolder({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // Placed against the window below the button, aligned with its start edge and kept inside the window.
  const placeMenu = useCallback(() => {
    if (!button.current) return;
    const box = button.current.getBoundingClientRect();
    const rtl = getComputedStyle(button.current).direction === 'rtl';
    const width = document.documentElement.clientWidth;
    const menuWidth = panel.current?.offsetWidth ?? 0;
    const start = rtl ? Math.max(8, width - box.right) : Math.max(8, box.left);
    setPlace({ top: box.bottom + 4, insetInlineStart: Math.min(start, Math.max(8, width - menuWidth - 8)) });
  }, []);

  useLayoutEffect(() => {
    if (open) placeMenu();
  }, [open, placeMenu]);

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
    // A phone's toolbar may still be scrolling (momentum) when the menu opens: the menu follows its button.
    window.addEventListener('resize', placeMenu);
    window.addEventListener('scroll', placeMenu, true);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', placeMenu);
      window.removeEventListener('scroll', placeMenu, true);
    };
  }, [open, placeMenu]);

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
