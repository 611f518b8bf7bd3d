import { describe, expect, it } from 'vitest';
import { clampFps, DoubleTapDetector, nextCineIndex, normaliseAngle, stepZoom, TouchTapTracker } from './interaction.ts';

describe('double tap', () => {
  it('is two taps within 350 ms', () => {
    const detector = new DoubleTapDetector();
    expect(detector.tap(1000)).toBe(false);
    expect(detector.tap(1300)).toBe(true);
    // A third tap starts a new pair.
    expect(detector.tap(1400)).toBe(false);
    expect(detector.tap(1800)).toBe(false);
    expect(detector.tap(2150)).toBe(true);
  });
});

describe('touch taps', () => {
  it('counts a still single finger, not a pinch or a drag', () => {
    const tracker = new TouchTapTracker();
    tracker.pointerDown(1, 100, 100);
    expect(tracker.pointerUp(1, 102, 101, 1000)).toBe(false);
    tracker.pointerDown(2, 100, 100);
    expect(tracker.pointerUp(2, 100, 100, 1200)).toBe(true);
    // Two fingers lifting together are a pinch.
    tracker.pointerDown(3, 50, 100);
    tracker.pointerDown(4, 150, 100);
    expect(tracker.pointerUp(3, 20, 100, 2000)).toBe(false);
    expect(tracker.pointerUp(4, 180, 100, 2001)).toBe(false);
    // A drag is no tap.
    tracker.pointerDown(5, 100, 100);
    expect(tracker.pointerUp(5, 100, 100, 3000)).toBe(false);
    tracker.pointerDown(6, 100, 100);
    expect(tracker.pointerUp(6, 160, 100, 3100)).toBe(false);
  });
});

describe('cine', () => {
  it('keeps the frame rate within 1..60, 5 when unknown', () => {
    expect(clampFps(0)).toBe(1);
    expect(clampFps(100)).toBe(60);
    expect(clampFps(Number.NaN)).toBe(5);
  });

  it('steps within the range and loops or stops at its end', () => {
    expect(nextCineIndex(2, { from: 2, to: 4 }, true)).toBe(3);
    expect(nextCineIndex(4, { from: 2, to: 4 }, true)).toBe(2);
    expect(nextCineIndex(4, { from: 2, to: 4 }, false)).toBeNull();
    expect(nextCineIndex(0, { from: 2, to: 4 }, false)).toBe(2);
  });
});

describe('zoom and rotation', () => {
  it('steps the zoom and keeps it in bounds', () => {
    expect(stepZoom(100, 10)).toBe(110);
    expect(stepZoom(100, -1)).toBe(99);
    expect(stepZoom(5, -10)).toBe(1);
  });

  it('normalises angles', () => {
    expect(normaliseAngle(-90)).toBe(270);
    expect(normaliseAngle(450)).toBe(90);
  });
});
