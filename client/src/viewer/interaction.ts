/**
 * Small pure rules of viewer interaction: double taps (spec 2 §4, two taps within 350 ms), the
 * cine's next image inside its range, and the zoom menu's presets and steps (spec 2 §9).
 */
export const DOUBLE_TAP_MS = 350;

/** Remembers the last tap; `tap` answers whether this one completes a double tap. */
export class DoubleTapDetector {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly windowMs = DOUBLE_TAP_MS) {}

  tap(time: number): boolean {
    const double = time - this.last <= this.windowMs;
    this.last = double ? Number.NEGATIVE_INFINITY : time;
    return double;
  }
}

/** A finger that moves further than this between down and up drew, it did not tap. */
const TAP_SLOP_PX = 10;

/**
 * Finds double taps among touch pointers: only a single finger that goes down and up without
 * moving is a tap, so pinches (two fingers lifting at once) and one-finger drags are not.
 */
export class TouchTapTracker {
  private readonly down = new Map<number, { x: number; y: number }>();
  /** A gesture with more than one finger: no tap until every finger is up. */
  private multi = false;

  constructor(private readonly taps = new DoubleTapDetector()) {}

  pointerDown(id: number, x: number, y: number): void {
    this.down.set(id, { x, y });
    if (this.down.size > 1) this.multi = true;
  }

  /** Whether this lift completes a double tap. */
  pointerUp(id: number, x: number, y: number, time: number): boolean {
    const start = this.down.get(id);
    this.down.delete(id);
    if (this.multi) {
      if (this.down.size === 0) this.multi = false;
      return false;
    }
    if (!start || Math.hypot(x - start.x, y - start.y) > TAP_SLOP_PX) return false;
    return this.taps.tap(time);
  }

  /** A cancelled pointer (the browser took the gesture over) is no tap. */
  pointerCancel(id: number): void {
    this.down.delete(id);
    if (this.down.size === 0) this.multi = false;
  }
}

export const CINE_MIN_FPS = 1;
export const CINE_MAX_FPS = 60;

export function clampFps(fps: number): number {
  if (!Number.isFinite(fps)) return 5;
  return Math.min(CINE_MAX_FPS, Math.max(CINE_MIN_FPS, Math.round(fps)));
}

export interface CineRange {
  /** 0-based, inclusive. */
  from: number;
  to: number;
}

/** The image after `index` within the range; null at the end of the range when not looping. */
export function nextCineIndex(index: number, range: CineRange, loop: boolean): number | null {
  const from = Math.min(range.from, range.to);
  const to = Math.max(range.from, range.to);
  if (index < from || index >= to) return index >= to && !loop ? null : from;
  return index + 1;
}

export const ZOOM_MIN_PERCENT = 1;
export const ZOOM_MAX_PERCENT = 3200;

/** A zoom percentage after a step of `delta` percent points, kept within 1..3200. */
export function stepZoom(percent: number, delta: number): number {
  return Math.min(ZOOM_MAX_PERCENT, Math.max(ZOOM_MIN_PERCENT, Math.round(percent) + delta));
}

/** A free rotation angle normalised to 0..359. */
export function normaliseAngle(degrees: number): number {
  const rounded = Math.round(degrees) % 360;
  return rounded < 0 ? rounded + 360 : rounded;
}
