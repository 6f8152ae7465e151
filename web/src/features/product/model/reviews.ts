/**
 * Where the reviews link scrolls to (spec §2 "Reviews link", §9 "Offsets and sizes").
 */
import { REVIEW_SCROLL_EXTRA_PX } from '../../../config/constants';
import type { Band } from '../../../lib/viewport';

/**
 * The offset above the reviews tab: header height + 50 px, or twice the header
 * height when the header overlaps; `null` (no scroll) on mobile or tablet when
 * the header behaviour for that device is off.
 */
export function reviewScrollOffset(o: { headerHeight: number; overlaps: boolean; device: Band; headerBehaviorOn: boolean }): number | null {
  if (o.device !== 'desktop' && !o.headerBehaviorOn) return null;
  return o.overlaps ? 2 * o.headerHeight : o.headerHeight + REVIEW_SCROLL_EXTRA_PX;
}
