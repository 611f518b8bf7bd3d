import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Inactivity } from './inactivity.ts';

describe('Inactivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns inactive after more than 4 s without input and active on input', () => {
    const target = new EventTarget();
    const onChange = vi.fn<(inactive: boolean) => void>();
    const inactivity = new Inactivity(onChange, target);
    inactivity.start();
    vi.advanceTimersByTime(4_000);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onChange).toHaveBeenLastCalledWith(true);
    target.dispatchEvent(new Event('mousemove'));
    expect(onChange).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime(4_000);
    expect(onChange).toHaveBeenCalledTimes(2);
    inactivity.stop();
  });

  it('counts from the last input', () => {
    const target = new EventTarget();
    const onChange = vi.fn<(inactive: boolean) => void>();
    const inactivity = new Inactivity(onChange, target);
    inactivity.start();
    vi.advanceTimersByTime(3_000);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(4_000);
    expect(onChange).not.toHaveBeenCalled();
    inactivity.stop();
  });
});
