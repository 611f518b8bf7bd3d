/** Cine of the active viewport: playing or not, its speed, loop and range; switching cells or series stops it. */
import { useEffect, useState } from 'react';
import { clampFps, type CineRange } from '../../../viewer/interaction.ts';
import { viewportService } from '../../../viewer/viewport-service.ts';

export function useCine(activeViewportId: string, cells: readonly (string | null)[], initialFps: number) {
  const [playing, setPlaying] = useState(false);
  const [fps, setFps] = useState(clampFps(initialFps));
  const [loop, setLoop] = useState(true);
  const [range, setRange] = useState<CineRange | null>(null);

  // Cine follows the active viewport: switching cells or series stops it.
  useEffect(() => {
    setPlaying(false);
    setRange(null);
    return () => viewportService.stopCine(activeViewportId);
  }, [activeViewportId, cells]);

  const stop = () => {
    viewportService.stopCine(activeViewportId);
    setPlaying(false);
  };
  /** Starts cine with these settings; `restart`: it is playing and only its settings changed. */
  const start = (next: { fps: number; range: CineRange | null; loop: boolean }, restart: boolean) => {
    viewportService.startCine(activeViewportId, next.fps, next.range, next.loop, () => setPlaying(false));
    if (!restart) setPlaying(viewportService.isPlaying(activeViewportId));
  };
  const settings = (next: { fps?: number; loop?: boolean; range?: CineRange }) => {
    if (next.fps !== undefined) setFps(next.fps);
    if (next.loop !== undefined) setLoop(next.loop);
    if (next.range !== undefined) setRange(next.range);
  };
  return { playing, fps, loop, range, stop, start, settings };
}
