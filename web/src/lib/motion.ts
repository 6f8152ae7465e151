/**
 * The visitor's "reduce motion" wish (`prefers-reduced-motion: reduce`), read when asked (never at
 * module load: pages render on the server too). With it, scrolls jump, nothing plays by itself
 * and dialogs open without animation (WCAG 2.3.3).
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** An animation's length as the visitor wants it: none when motion is to be reduced. */
export function motionMs(ms: number, reduced: boolean): number {
  return reduced ? 0 : ms;
}
