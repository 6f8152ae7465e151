import { describe, expect, it } from 'vitest';
import { reviewScrollOffset } from './reviews';

describe('reviewScrollOffset', () => {
  it.each([
    [{ headerHeight: 80, overlaps: false, device: 'desktop', headerBehaviorOn: true }, 130],
    [{ headerHeight: 80, overlaps: true, device: 'desktop', headerBehaviorOn: true }, 160],
    [{ headerHeight: 80, overlaps: false, device: 'desktop', headerBehaviorOn: false }, 130],
    [{ headerHeight: 60, overlaps: false, device: 'tablet', headerBehaviorOn: true }, 110],
    [{ headerHeight: 60, overlaps: false, device: 'tablet', headerBehaviorOn: false }, null],
    [{ headerHeight: 60, overlaps: true, device: 'mobile', headerBehaviorOn: false }, null],
    [{ headerHeight: 60, overlaps: true, device: 'mobile', headerBehaviorOn: true }, 120],
  ] as const)('%j → %j', (input, want) => {
    expect(reviewScrollOffset(input)).toBe(want);
  });
});
