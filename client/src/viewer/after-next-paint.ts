/** Resolves after the next frame was painted (a render asked for now is on screen by then). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
