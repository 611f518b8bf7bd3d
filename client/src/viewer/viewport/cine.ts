/** Cine: a stack viewport stepping through its images at a frame rate, within a range, looping or not. */
import { clampFps, nextCineIndex, type CineRange } from '../interaction.ts';

export interface CineTarget {
  /** How many images the stack has. */
  count: number;
  /** The image on screen now, or undefined once the viewport is gone (cine then stops). */
  current: () => number | undefined;
  /** Shows image `index`; the next step waits for it. */
  show: (index: number) => Promise<void>;
}

export class Cine {
  private readonly timers = new Map<string, ReturnType<typeof setInterval>>();

  start(viewportId: string, target: CineTarget, fps: number, range: CineRange | null, loop: boolean, onStop?: () => void): void {
    this.stop(viewportId);
    if (target.count < 2) return;
    const last = target.count - 1;
    const bounds = range ? { from: Math.min(range.from, last), to: Math.min(range.to, last) } : { from: 0, to: last };
    let busy = false;
    const timer = setInterval(
      () => {
        const current = target.current();
        if (current === undefined) return this.stop(viewportId);
        if (busy) return;
        const next = nextCineIndex(current, bounds, loop);
        if (next === null) {
          this.stop(viewportId);
          onStop?.();
          return;
        }
        busy = true;
        void target.show(next).finally(() => (busy = false));
      },
      1000 / clampFps(fps),
    );
    this.timers.set(viewportId, timer);
  }

  stop(viewportId: string): void {
    const timer = this.timers.get(viewportId);
    if (timer !== undefined) clearInterval(timer);
    this.timers.delete(viewportId);
  }

  isPlaying(viewportId: string): boolean {
    return this.timers.has(viewportId);
  }
}
