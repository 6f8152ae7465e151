/**
 * Stretched sections (spec §1): the full window width even inside a boxed
 * layout. CSS gives the section `100vw` less the scrollbar and pulls it left
 * by its container's distance from the window's left edge; this works out
 * those two lengths. They are CSS variables, not a pixel width, so a window
 * that shrinks never meets a section still as wide as the old one (mobile
 * browsers would widen the page for it); they are measured again after resizes.
 */
export interface StretchVars {
  /** The vertical scrollbar's width (`100vw` in pixels less `clientWidth`). */
  scrollbar: number;
  /** How far the section is pulled left (its container's left edge). */
  pull: number;
}

/**
 * `viewportWidth` is what `100vw` measures (`lib/windowWidth.ts`), not `window.innerWidth`: while something
 * overflows a phone's page, Chrome widens `innerWidth` to the content (801 for 375 with an
 * 800-pixel element) without a resize event when the overflow ends, and that difference taken
 * as a scrollbar shrank the section to nothing for good.
 */
export function stretchVars(viewportWidth: number, clientWidth: number, containerLeft: number): StretchVars | null {
  if (![viewportWidth, clientWidth, containerLeft].every(Number.isFinite) || clientWidth <= 0) return null;
  return { scrollbar: Math.max(0, Math.round(viewportWidth - clientWidth)), pull: Math.round(containerLeft) };
}
