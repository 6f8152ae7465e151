import { describe, expect, it } from 'vitest';
import { stretchStyle } from './stretch';

describe('stretchStyle', () => {
  it.each([
    // A boxed page 1140 wide centred in 1280 (scrollbar excluded): pulled 70 px left, full width.
    [1280, 70, { width: 1280, marginLeft: -70 }],
    // Full-width page: nothing to pull.
    [375, 0, { width: 375, marginLeft: 0 }],
    // After a resize to a narrower window with a padded container.
    [700, 15.4, { width: 700, marginLeft: -15 }],
    [1265.5, 62.6, { width: 1266, marginLeft: -63 }],
  ])('viewport %d, container at %d', (vw, left, want) => expect(stretchStyle(vw, left)).toEqual(want));

  it.each([
    [0, 10],
    [Number.NaN, 0],
    [1280, Number.POSITIVE_INFINITY],
  ])('no style for %d / %d', (vw, left) => expect(stretchStyle(vw, left)).toBeNull());
});
