import { describe, expect, it } from 'vitest';
import { headerBehaviorOn, reviewScrollOffset } from './reviews';

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

describe('headerBehaviorOn (per device)', () => {
  it.each([
    [{ behavior: 'sticky' }, 'desktop', true],
    [{ behavior: 'sticky' }, 'tablet', true],
    [{ behavior: 'sticky', behaviorTablet: false }, 'tablet', false],
    [{ behavior: 'sticky', behaviorTablet: false }, 'mobile', true],
    [{ behavior: 'fixed', behaviorMobile: false }, 'mobile', false],
    [{ behavior: 'fixed', behaviorMobile: false }, 'desktop', true],
    [{ behavior: '' }, 'mobile', false],
    [{ behavior: '' }, 'tablet', false],
  ] as const)('%j at %s → %s', (header, device, want) => {
    expect(headerBehaviorOn(header, device)).toBe(want);
  });
});
