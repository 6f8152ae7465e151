/**
 * Page-builder carousel options (spec §9): per-widget settings over the
 * defaults — 3 slides, 2 on tablet (1 when the base shows a single slide),
 * 1 on mobile, 1 scrolled per step — and the rule that a carousel starts only
 * with at least 2 slides.
 */
import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_MIN_SLIDES,
  CAROUSEL_SLIDES_MOBILE,
  CAROUSEL_SLIDES_TABLET,
  CAROUSEL_SLIDES_TO_SCROLL,
  CAROUSEL_SLIDES_TO_SHOW,
} from '../../../config/constants';
import type { Band } from '../../../lib/viewport';

/** The widget's `carousel` settings as stored (every field optional). */
export interface CarouselSettings {
  slides_to_show?: number;
  slides_to_show_tablet?: number;
  slides_to_show_mobile?: number;
  slides_to_scroll?: number;
  autoplay?: boolean;
  autoplay_speed?: number;
  loop?: boolean;
  arrows?: boolean;
  dots?: boolean;
}

export interface CarouselOptions {
  show: Record<Band, number>;
  scroll: number;
  autoplay: boolean;
  autoplayMs: number;
  loop: boolean;
  arrows: boolean;
  dots: boolean;
}

const whole = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : undefined);

export function resolveCarousel(s: CarouselSettings | undefined): CarouselOptions {
  const desktop = whole(s?.slides_to_show) ?? CAROUSEL_SLIDES_TO_SHOW;
  const tablet = whole(s?.slides_to_show_tablet) ?? (desktop === 1 ? 1 : CAROUSEL_SLIDES_TABLET);
  const mobile = whole(s?.slides_to_show_mobile) ?? CAROUSEL_SLIDES_MOBILE;
  return {
    show: { desktop, tablet, mobile },
    scroll: whole(s?.slides_to_scroll) ?? CAROUSEL_SLIDES_TO_SCROLL,
    autoplay: s?.autoplay === true,
    autoplayMs: whole(s?.autoplay_speed) ?? CAROUSEL_AUTOPLAY_MS,
    loop: s?.loop === true,
    arrows: s?.arrows !== false,
    dots: s?.dots !== false,
  };
}

/** Whether a carousel of `slides` runs at all (else the slides are shown as a plain row). */
export const carouselStarts = (slides: number): boolean => slides >= CAROUSEL_MIN_SLIDES;

/** Slides visible at a band, never more than there are; slides scrolled per step, never more than visible. */
export function layoutAt(o: CarouselOptions, band: Band, slides: number): { visible: number; scroll: number } {
  const visible = Math.max(1, Math.min(o.show[band], slides));
  return { visible, scroll: Math.max(1, Math.min(o.scroll, visible)) };
}
