/**
 * The user's viewer settings applied to the viewport service (mouse buttons, annotation colours
 * and font, interpolation, magnifier), and the feature on the left button that follows them.
 */
import { useEffect, useState } from 'react';
import type { defaultSettings } from '@pacs/common';
import { viewportService } from '../../../viewer/viewport-service.ts';

export type ViewerSettings = ReturnType<typeof defaultSettings>['viewer'];

/** The settings drive the tools; answers the feature on the left button and a way to change it. */
export function useViewportSettings(settings: ViewerSettings) {
  const [primary, setPrimary] = useState<string | null>(null);
  useEffect(() => {
    viewportService.configure({
      mouse: settings.mouse,
      color: settings.color,
      fontSize: settings.font_size,
      interpolation: settings.interpolation,
      magnifier: settings.magnifier,
    });
    setPrimary(viewportService.getPrimaryFeature());
  }, [settings]);
  return [primary, setPrimary] as const;
}

/** The text of an arrow or text annotation, asked for in a dialog of the viewer's own. */
export function useAnnotationText() {
  const [request, setRequest] = useState<{ initial: string; resolve: (text: string | null) => void } | null>(null);
  useEffect(() => {
    viewportService.setTextRequester((initial) => new Promise((resolve) => setRequest({ initial, resolve })));
  }, []);
  const answer = (text: string | null) => {
    request?.resolve(text);
    setRequest(null);
  };
  return { request, answer };
}
