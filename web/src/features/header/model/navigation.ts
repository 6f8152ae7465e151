/**
 * In-page navigation (spec §2 "In-page links", "While scrolling"; §9 tolerance).
 */
import { ACTIVE_SECTION_TOLERANCE_PX } from '../../../config/constants';

/** The `#hash` of a link that stays on this page (`#x`, `/#x` on `/`, or an absolute URL to this path); `null` otherwise. */
export function inPageHash(href: string, here: { origin: string; pathname: string; search?: string }): string | null {
  let url: URL;
  try {
    url = new URL(href, `${here.origin}${here.pathname}${here.search ?? ''}`);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || url.pathname !== here.pathname || url.hash.length < 2) return null;
  return url.hash;
}

/** The element id of a `#hash` (percent-decoded, as browsers match them). */
export function hashTarget(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * The section in view below the header: the last (in page order) whose top
 * has reached `offset` (within the tolerance) and whose bottom has not. Rects
 * are relative to the window, as `getBoundingClientRect` gives them.
 */
export function activeSection(
  sections: ReadonlyArray<{ hash: string; top: number; bottom: number }>,
  offset: number,
  tolerance = ACTIVE_SECTION_TOLERANCE_PX,
): string | null {
  let found: string | null = null;
  for (const s of sections) {
    if (s.top - offset <= tolerance && s.bottom - offset > tolerance) found = s.hash;
  }
  return found;
}

/**
 * As `activeSection`, but at the very bottom of the page, where the last
 * sections can never reach the offset, the last section showing in the window wins.
 */
export function activeSectionAt(
  sections: ReadonlyArray<{ hash: string; top: number; bottom: number }>,
  offset: number,
  page: { atBottom: boolean; viewportHeight: number },
  tolerance = ACTIVE_SECTION_TOLERANCE_PX,
): string | null {
  if (page.atBottom) {
    const showing = sections.filter((s) => s.top < page.viewportHeight && s.bottom > offset);
    if (showing.length > 0) return showing[showing.length - 1]!.hash;
  }
  return activeSection(sections, offset, tolerance);
}
