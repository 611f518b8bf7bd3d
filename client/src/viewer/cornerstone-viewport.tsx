/**
 * The thin React wrapper around one Cornerstone stack viewport (CONVENTIONS habit 7): a ref
 * `<div>` enabled through the viewport service on mount and disabled on unmount, a
 * ResizeObserver that tells the service about size changes, and the stack given as props.
 * Everything drawn on top (overlay, messages) is the caller's children.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EMPTY_VIEWPORT_STATE, viewportService, type ViewportState } from './viewport-service.ts';

export interface CornerstoneViewportProps {
  viewportId: string;
  imageIds: readonly string[];
  /** The image shown first (image grids start each viewport a few images further). */
  initialIndex?: number;
  /** Rendered over the canvas with the viewport's current display state. */
  children?: (state: ViewportState) => ReactNode;
}

export function CornerstoneViewport({ viewportId, imageIds, initialIndex = 0, children }: CornerstoneViewportProps) {
  const elementRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewportState>(EMPTY_VIEWPORT_STATE);
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    let active = true;
    viewportService
      .enable(viewportId, element, (next) => active && setState(next))
      .then(
        () => active && setEnabled(true),
        (error: unknown) => console.error('Cornerstone could not enable the viewport', error),
      );
    const observer = new ResizeObserver(() => viewportService.resize());
    observer.observe(element);
    return () => {
      active = false;
      observer.disconnect();
      setEnabled(false);
      void viewportService.disable(viewportId);
    };
  }, [viewportId]);

  // A new array with the same ids (a re-render of the parent) must not reload the stack.
  const stackKey = imageIds.join('\n');
  useEffect(() => {
    if (!enabled) return;
    void viewportService.setStack(viewportId, stackKey ? stackKey.split('\n') : [], initialIndex);
    // A later initialIndex (the image grid following its first viewport) is applied by the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, viewportId, stackKey]);

  return (
    <div className="cs-viewport">
      <div ref={elementRef} className="cs-viewport-element" data-viewport-id={viewportId} />
      {children?.(state)}
    </div>
  );
}
