/** Sticky product summary (spec §2 "Sticky product info", §9 "Offsets and sizes"). */
import { STICKY_SUMMARY_TOP_PX } from '../../../config/constants';

/**
 * The summary's sticky top: 50 px while scrolling up (or when it fits the
 * window); scrolling down with a summary taller than the window, the window
 * height minus the summary height, so its end stays in view.
 */
export function stickyTop(direction: 'up' | 'down', summaryHeight: number, windowHeight: number): number {
  if (direction === 'down' && summaryHeight > windowHeight) return windowHeight - summaryHeight;
  return STICKY_SUMMARY_TOP_PX;
}
