import { describe, expect, it } from 'vitest';
import { carouselStarts, layoutAt, resolveCarousel } from './carousel';

describe('resolveCarousel', () => {
  it.each([
    [undefined, { desktop: 3, tablet: 2, mobile: 1 }],
    [{}, { desktop: 3, tablet: 2, mobile: 1 }],
    [{ slides_to_show: 1 }, { desktop: 1, tablet: 1, mobile: 1 }],
    [{ slides_to_show: 4 }, { desktop: 4, tablet: 2, mobile: 1 }],
    [{ slides_to_show: 2 }, { desktop: 2, tablet: 2, mobile: 1 }],
    [
      { slides_to_show: 1, slides_to_show_tablet: 3 },
      { desktop: 1, tablet: 3, mobile: 1 },
    ],
    [{ slides_to_show_mobile: 2 }, { desktop: 3, tablet: 2, mobile: 2 }],
    [{ slides_to_show: 0 }, { desktop: 3, tablet: 2, mobile: 1 }],
    [{ slides_to_show: 2.5 }, { desktop: 3, tablet: 2, mobile: 1 }],
  ])('%o shows %o', (settings, show) => {
    expect(resolveCarousel(settings).show).toEqual(show);
  });

  it('scrolls one slide per step, has arrows and dots, and autoplays only when asked', () => {
    expect(resolveCarousel(undefined)).toMatchObject({
      scroll: 1,
      autoplay: false,
      autoplayMs: 5000,
      loop: false,
      arrows: true,
      dots: true,
    });
    expect(
      resolveCarousel({ slides_to_scroll: 2, autoplay: true, autoplay_speed: 3000, arrows: false, dots: false, loop: true }),
    ).toMatchObject({ scroll: 2, autoplay: true, autoplayMs: 3000, arrows: false, dots: false, loop: true });
  });
});

describe('carouselStarts', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [9, true],
  ])('%d slides → %s', (n, want) => expect(carouselStarts(n)).toBe(want));
});

describe('layoutAt', () => {
  const o = resolveCarousel({ slides_to_scroll: 3 });
  it.each([
    ['desktop', 10, { visible: 3, scroll: 3 }],
    ['desktop', 2, { visible: 2, scroll: 2 }],
    ['tablet', 10, { visible: 2, scroll: 2 }],
    ['mobile', 10, { visible: 1, scroll: 1 }],
    ['mobile', 0, { visible: 1, scroll: 1 }],
  ] as const)('%s with %d slides', (band, slides, want) => expect(layoutAt(o, band, slides)).toEqual(want));
});
