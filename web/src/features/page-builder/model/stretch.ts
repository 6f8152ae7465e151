/**
 * Stretched sections (spec §1): the full window width even inside a boxed
 * layout. The section is given the viewport's width (without the scrollbar)
 * and pulled left by its container's distance from the viewport's left edge;
 * recomputed after resizes.
 */
export interface StretchStyle {
  width: number;
  marginLeft: number;
}

/**
 * @param viewportWidth `document.documentElement.clientWidth` (excludes the vertical scrollbar)
 * @param containerLeft the section's container's left edge relative to the viewport
 */
export function stretchStyle(viewportWidth: number, containerLeft: number): StretchStyle | null {
  if (!Number.isFinite(viewportWidth) || !Number.isFinite(containerLeft) || viewportWidth <= 0) return null;
  return { width: Math.round(viewportWidth), marginLeft: 0 - Math.round(containerLeft) };
}
