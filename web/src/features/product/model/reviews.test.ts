import { describe, expect, it } from 'vitest';
import { deviceFor, headerOverlaps, reviewScrollOffset } from './reviews';

describe('deviceFor (spec §9 bands)', () => {
  it.each([
    [320, 'mobile'],
    [575, 'mobile'],
    [576, 'tablet'],
    [767, 'tablet'],
    [768, 'desktop'],
    [1280, 'desktop'],
  ] as const)('%d px → %s', (w, want) => {
    expect(deviceFor(w)).toBe(want);
  });
});

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
  it('reads the overlap list', () => {
    expect(headerOverlaps('desktop,tablet', 'tablet')).toBe(true);
    expect(headerOverlaps('desktop tablet', 'mobile')).toBe(false);
    expect(headerOverlaps('', 'desktop')).toBe(false);
  });
});
