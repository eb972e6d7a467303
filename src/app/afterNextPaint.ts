/**
 * Resolves once the browser has painted its next frame (an animation frame, then a task after it), or after
 * `fallbackMs` when no frame comes (a background tab or an off-screen iframe gets no animation frames). Issue 37: work
 * a tap starts (loading code, moving focus) waits for the frame that answers the tap instead of delaying it.
 */
export function afterNextPaint(fallbackMs = 50): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
