/**
 * Stretched sections (spec §1): the full window width even inside a boxed
 * layout. CSS gives the section `100vw` less the scrollbar and pulls it left
 * by its container's distance from the window's left edge; this works out
 * those two lengths. They are CSS variables, not a pixel width, so a window
 * that shrinks never meets a section still as wide as the old one (mobile
 * browsers would widen the page for it); they are measured again after resizes.
 */
export interface StretchVars {
  /** The vertical scrollbar's width (`innerWidth − clientWidth`). */
  scrollbar: number;
  /** How far the section is pulled left (its container's left edge). */
  pull: number;
}

export function stretchVars(innerWidth: number, clientWidth: number, containerLeft: number): StretchVars | null {
  if (![innerWidth, clientWidth, containerLeft].every(Number.isFinite) || clientWidth <= 0) return null;
  return { scrollbar: Math.max(0, Math.round(innerWidth - clientWidth)), pull: Math.round(containerLeft) };
}
