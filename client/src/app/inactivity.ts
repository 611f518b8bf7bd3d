/**
 * Inactivity (spec 1 §4): a counter ticks each second and resets on mouse, key or touch input;
 * above four seconds the app is inactive, and input makes it active again.
 */
import { INACTIVITY_THRESHOLD_S } from '@pacs/common';

export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'touchmove', 'wheel'] as const;

export class Inactivity {
  private seconds = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly onInput = () => this.activity();

  constructor(
    private readonly onChange: (inactive: boolean) => void,
    private readonly target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
  ) {}

  private inactive = false;

  start(): void {
    if (this.timer !== null) return;
    for (const name of ACTIVITY_EVENTS) this.target.addEventListener(name, this.onInput, { passive: true });
    this.timer = setInterval(() => this.tick(), 1000);
  }

  stop(): void {
    for (const name of ACTIVITY_EVENTS) this.target.removeEventListener(name, this.onInput);
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  tick(): void {
    this.seconds += 1;
    if (this.seconds > INACTIVITY_THRESHOLD_S) this.set(true);
  }

  activity(): void {
    this.seconds = 0;
    this.set(false);
  }

  private set(inactive: boolean): void {
    if (inactive === this.inactive) return;
    this.inactive = inactive;
    this.onChange(inactive);
  }
}
