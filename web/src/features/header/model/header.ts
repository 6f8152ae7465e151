/**
 * The header's rules (spec §3 "Header settings", §4 "Header", §9 "Offsets and
 * sizes"): pure functions of numbers the hooks measure.
 */
import { HEADER_DEFAULT_POSITION, SCROLL_DIRECTION_THRESHOLD, SCROLL_WATCH_OFFSET_PX } from '../../../config/constants';
import { bandFor, headerBehaviorAt } from '../../../lib/viewport';

export type Behavior = '' | 'fixed' | 'sticky';

export interface HeaderConfig {
  breakpoint: number;
  template: string;
  stickyTemplate: string;
  behavior: Behavior;
  position: 'top' | 'bottom';
  offset: number;
  overlap: string;
  behaviorTablet: boolean;
  behaviorMobile: boolean;
}

const num = (v: string | undefined, fallback: number): number => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? n : fallback;
};

/** Reads the settings the server rendered into the header element's data (`dataset`). */
export function readHeaderConfig(data: Record<string, string | undefined>): HeaderConfig {
  const behavior = data['behavior'] === 'fixed' || data['behavior'] === 'sticky' ? data['behavior'] : '';
  return {
    breakpoint: num(data['breakpoint'], 991),
    template: data['template'] || 'default',
    stickyTemplate: data['stickyTemplate'] ?? '',
    behavior,
    position: data['position'] === 'bottom' ? 'bottom' : HEADER_DEFAULT_POSITION,
    offset: num(data['offset'], 0),
    overlap: data['overlap'] ?? '',
    behaviorTablet: data['behaviorTablet'] !== 'false',
    behaviorMobile: data['behaviorMobile'] !== 'false',
  };
}

/** The behavior in force at a window width: tablet and mobile can switch it off. */
export function behaviorAt(config: HeaderConfig, width: number): Behavior {
  return headerBehaviorAt(config, bandFor(width));
}

/**
 * `stick`: past the header's height with behavior sticky; `sticked`: past the
 * configured offset plus the top bar's height. Both off when the header holds
 * its own sticky element (its sticky handling is skipped).
 */
export function headerState(o: {
  scrollY: number;
  headerHeight: number;
  topBarHeight: number;
  offset: number;
  behavior: Behavior;
  ownSticky: boolean;
}): { stick: boolean; sticked: boolean } {
  if (o.ownSticky) return { stick: false, sticked: false };
  return {
    stick: o.behavior === 'sticky' && o.scrollY > o.headerHeight,
    sticked: o.scrollY > o.offset + o.topBarHeight,
  };
}

/**
 * How far above an in-page target the window stops (spec §9): the header's
 * height (when it sits at the top) and the admin bar's; minus twice the top
 * bar's height when the header is sticky with overlap or has no behavior,
 * unless it is already sticked.
 */
export function anchorScrollOffset(o: {
  headerHeight: number;
  adminBarHeight: number;
  topBarHeight: number;
  behavior: Behavior;
  position: 'top' | 'bottom';
  overlaps: boolean;
  sticked: boolean;
}): number {
  const header = o.position === 'top' ? o.headerHeight : 0;
  const trims = ((o.behavior === 'sticky' && o.overlaps) || o.behavior === '') && !o.sticked;
  return header + o.adminBarHeight - (trims ? 2 * o.topBarHeight : 0);
}

/**
 * The window's scroll padding: what the browser scrolls into view (a field reached with Tab, an
 * anchor) stops clear of a header that stays on screen (WCAG 2.4.11, focus not obscured). A sticky
 * or fixed header's height on its side; a header whose own row sticks (`ownStickyTop` below its
 * top) keeps only that row on screen; a header without behavior scrolls away and needs none.
 */
export function scrollPadding(o: {
  behavior: Behavior;
  position: 'top' | 'bottom';
  headerHeight: number;
  ownSticky: boolean;
  ownStickyTop: number;
}): { top: number; bottom: number } {
  if (o.behavior === '' && !o.ownSticky) return { top: 0, bottom: 0 };
  const height = o.ownSticky ? Math.max(0, o.headerHeight - o.ownStickyTop) : o.headerHeight;
  return o.position === 'top' || o.ownSticky ? { top: height, bottom: 0 } : { top: 0, bottom: height };
}

export type Direction = 'up' | 'down';

/**
 * The scroll direction after a move from `prevY` to `y`: it changes only when
 * the move is at least the speed threshold (50 px per throttled event);
 * smaller moves keep the previous direction.
 */
export function scrollDirection(
  prevY: number,
  y: number,
  previous: Direction | null,
  threshold = SCROLL_DIRECTION_THRESHOLD,
): Direction | null {
  const delta = y - prevY;
  if (Math.abs(delta) < threshold) return previous;
  return delta > 0 ? 'down' : 'up';
}

/** Spec §4 "Scroll-watched elements": `scrolled` past their offset (default 1000; bad values fall back). */
export function scrolledPast(scrollY: number, offset?: string | number | null): boolean {
  const n = Number(offset);
  const limit = offset !== undefined && offset !== null && offset !== '' && Number.isFinite(n) ? n : SCROLL_WATCH_OFFSET_PX;
  return scrollY > limit;
}

/** At or below the breakpoint the mobile menu applies. */
export const collapsedAt = (config: Pick<HeaderConfig, 'breakpoint'>, width: number): boolean => width <= config.breakpoint;
