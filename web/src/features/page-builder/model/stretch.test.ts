import { describe, expect, it } from 'vitest';
import { stretchVars } from './stretch';

describe('stretchVars', () => {
  it.each([
    // A boxed page 1140 wide centred in a 1280 window with a 15 px scrollbar: pulled 62.5 px.
    [1280, 1265, 62.5, { scrollbar: 15, pull: 63 }],
    // Full-width page, overlay scrollbars: nothing to pull, nothing to subtract.
    [375, 375, 0, { scrollbar: 0, pull: 0 }],
    // Inside a column beside a sidebar.
    [700, 700, 15.4, { scrollbar: 0, pull: 15 }],
    // Never a negative scrollbar (zoomed layouts).
    [374, 375, 0, { scrollbar: 0, pull: 0 }],
    // A phone while something overflows: 100vw stays the window (innerWidth would say 801).
    [375, 375, 0, { scrollbar: 0, pull: 0 }],
  ])('100vw %d, client %d, container at %d', (inner, client, left, want) => expect(stretchVars(inner, client, left)).toEqual(want));

  it.each([
    [1280, 0, 10],
    [Number.NaN, 1280, 0],
    [1280, 1280, Number.POSITIVE_INFINITY],
  ])('nothing for %d / %d / %d', (inner, client, left) => expect(stretchVars(inner, client, left)).toBeNull());
});
