import { describe, expect, it } from 'vitest';
import { bandFor, headerBehaviorAt, headerOverlapsAt, overlapBandFor, overlapDevices } from './viewport';

describe('bandFor (spec §9 bands)', () => {
  it.each([
    [320, 'mobile'],
    [575, 'mobile'],
    [575.98, 'mobile'],
    [575.99, 'tablet'],
    [576, 'tablet'],
    [767, 'tablet'],
    [767.98, 'tablet'],
    [767.99, 'desktop'],
    [768, 'desktop'],
    [1280, 'desktop'],
  ] as const)('%d px → %s', (w, want) => {
    expect(bandFor(w)).toBe(want);
  });
});

describe('overlapBandFor (spec §9 header overlap check)', () => {
  it.each([
    [375, 'mobile'],
    [575.97, 'mobile'],
    [575.98, null],
    [575.99, null],
    [576, 'tablet'],
    [700, 'tablet'],
    [767.98, 'tablet'],
    [767.99, null],
    [768, null],
    [768.01, 'desktop'],
    [1280, 'desktop'],
  ] as const)('%d px → %s', (w, want) => {
    expect(overlapBandFor(w)).toBe(want);
  });
});

describe('overlap settings', () => {
  it('reads any combination, with spaces or commas, ignoring unknown words', () => {
    expect(overlapDevices('desktop,tablet')).toEqual(['desktop', 'tablet']);
    expect(overlapDevices('mobile desktop watch')).toEqual(['mobile', 'desktop']);
    expect(overlapDevices('')).toEqual([]);
  });
  it.each([
    ['desktop', 1280, true],
    ['desktop', 768, false],
    ['tablet', 700, true],
    ['tablet', 1280, false],
    ['mobile', 375, true],
    ['mobile tablet', 575.98, false],
    ['', 375, false],
  ] as const)('%s at %d px → %s', (overlap, w, want) => {
    expect(headerOverlapsAt(overlap, w)).toBe(want);
  });
});

describe('headerBehaviorAt (per device)', () => {
  it.each([
    [{ behavior: 'sticky' }, 'desktop', 'sticky'],
    [{ behavior: 'sticky' }, 'tablet', 'sticky'],
    [{ behavior: 'sticky', behaviorTablet: false }, 'tablet', ''],
    [{ behavior: 'sticky', behaviorTablet: false }, 'mobile', 'sticky'],
    [{ behavior: 'fixed', behaviorMobile: false }, 'mobile', ''],
    [{ behavior: 'fixed', behaviorMobile: false, behaviorTablet: false }, 'desktop', 'fixed'],
    [{ behavior: '' }, 'mobile', ''],
  ] as const)('%j at %s → %j', (header, band, want) => {
    expect(headerBehaviorAt(header, band)).toBe(want);
  });
});
