/**
 * Where the reviews link scrolls to (spec §2 "Reviews link", §9 "Offsets and sizes").
 */
import { MOBILE_MAX_WIDTH, REVIEW_SCROLL_EXTRA_PX, TABLET_MAX_WIDTH } from '../../../config/constants';

export type Device = 'mobile' | 'tablet' | 'desktop';

/** Spec §9 "Viewport bands". */
export function deviceFor(width: number): Device {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width <= TABLET_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

/** Whether the header overlaps the page on this device (`overlap` lists devices). */
export const headerOverlaps = (overlap: string, device: Device): boolean => overlap.split(/[\s,]+/).includes(device);

/**
 * The offset above the reviews tab: header height + 50 px, or twice the header
 * height when the header overlaps; `null` (no scroll) on mobile or tablet when
 * the header behaviour is off there.
 */
export function reviewScrollOffset(o: { headerHeight: number; overlaps: boolean; device: Device; headerBehaviorOn: boolean }): number | null {
  if (o.device !== 'desktop' && !o.headerBehaviorOn) return null;
  return o.overlaps ? 2 * o.headerHeight : o.headerHeight + REVIEW_SCROLL_EXTRA_PX;
}
