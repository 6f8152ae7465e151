import { motionMs, prefersReducedMotion } from './motion';

/**
 * Scrolls the window to `y`: animated over `ms` (ease-in-out), or at once when `ms` is 0 or the
 * visitor asks for reduced motion.
 */
export function scrollToY(y: number, ms: number): void {
  const target = Math.max(0, y);
  if (motionMs(ms, prefersReducedMotion()) <= 0) {
    window.scrollTo(0, target);
    return;
  }
  const start = window.scrollY;
  const t0 = performance.now();
  const ease = (x: number) => (x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);
  const step = (now: number) => {
    const p = Math.min(1, (now - t0) / ms);
    window.scrollTo(0, start + (target - start) * ease(p));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
