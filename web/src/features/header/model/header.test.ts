import { describe, expect, it } from 'vitest';
import {
  anchorScrollOffset,
  behaviorAt,
  collapsedAt,
  headerState,
  readHeaderConfig,
  scrollDirection,
  scrolledPast,
  scrollPadding,
} from './header';

describe('readHeaderConfig (the header element’s data)', () => {
  it('reads every field, with defaults for missing or bad values', () => {
    expect(
      readHeaderConfig({
        breakpoint: '767',
        template: 'centered',
        stickyTemplate: 'compact',
        behavior: 'fixed',
        position: 'bottom',
        offset: '120',
        overlap: 'desktop mobile',
        behaviorTablet: 'false',
        behaviorMobile: 'true',
      }),
    ).toEqual({
      breakpoint: 767,
      template: 'centered',
      stickyTemplate: 'compact',
      behavior: 'fixed',
      position: 'bottom',
      offset: 120,
      overlap: 'desktop mobile',
      behaviorTablet: false,
      behaviorMobile: true,
    });
    expect(readHeaderConfig({ breakpoint: 'x', behavior: 'floating', position: 'left', offset: '' })).toEqual({
      breakpoint: 991,
      template: 'default',
      stickyTemplate: '',
      behavior: '',
      position: 'top',
      offset: 0,
      overlap: '',
      behaviorTablet: true,
      behaviorMobile: true,
    });
  });
});

describe('behaviorAt (bands reading)', () => {
  const config = readHeaderConfig({ behavior: 'sticky', behaviorTablet: 'false' });
  it.each([
    [1280, 'sticky'],
    [767.99, 'sticky'],
    [767.98, ''],
    [576, ''],
    [575.98, 'sticky'],
    [375, 'sticky'],
  ] as const)('%d px → %j', (w, want) => {
    expect(behaviorAt(config, w)).toBe(want);
  });
});

describe('headerState', () => {
  const base = { headerHeight: 100, topBarHeight: 30, offset: 0, behavior: 'sticky', ownSticky: false } as const;
  it.each([
    [
      { ...base, scrollY: 0 },
      { stick: false, sticked: false },
    ],
    [
      { ...base, scrollY: 30 },
      { stick: false, sticked: false },
    ],
    [
      { ...base, scrollY: 31 },
      { stick: false, sticked: true },
    ],
    [
      { ...base, scrollY: 100 },
      { stick: false, sticked: true },
    ],
    [
      { ...base, scrollY: 101 },
      { stick: true, sticked: true },
    ],
    [
      { ...base, scrollY: 101, offset: 200 },
      { stick: true, sticked: false },
    ],
    [
      { ...base, scrollY: 500, behavior: 'fixed' },
      { stick: false, sticked: true },
    ],
    [
      { ...base, scrollY: 500, behavior: '' },
      { stick: false, sticked: true },
    ],
    [
      { ...base, scrollY: 500, ownSticky: true },
      { stick: false, sticked: false },
    ],
  ] as const)('%j → %j', (input, want) => {
    expect(headerState(input)).toEqual(want);
  });
});

describe('anchorScrollOffset (spec §9)', () => {
  const base = { headerHeight: 100, adminBarHeight: 0, topBarHeight: 30, position: 'top', overlaps: false, sticked: false } as const;
  it.each([
    ['sticky, no overlap', { ...base, behavior: 'sticky' }, 100],
    ['sticky with overlap', { ...base, behavior: 'sticky', overlaps: true }, 40],
    ['sticky with overlap, sticked', { ...base, behavior: 'sticky', overlaps: true, sticked: true }, 100],
    ['no behavior', { ...base, behavior: '' }, 40],
    ['no behavior, sticked', { ...base, behavior: '', sticked: true }, 100],
    ['fixed with overlap', { ...base, behavior: 'fixed', overlaps: true }, 100],
    ['admin bar', { ...base, behavior: 'sticky', adminBarHeight: 32 }, 132],
    ['admin bar, no behavior', { ...base, behavior: '', adminBarHeight: 32 }, 72],
    ['header at the bottom', { ...base, behavior: 'fixed', position: 'bottom', adminBarHeight: 32 }, 32],
  ] as const)('%s → %d', (_, input, want) => {
    expect(anchorScrollOffset(input)).toBe(want);
  });
});

describe('scrollDirection (threshold 50)', () => {
  it.each([
    [0, 49, null, null],
    [0, 50, null, 'down'],
    [100, 51, 'down', 'down'],
    [100, 50, 'down', 'up'],
    [100, 120, 'up', 'up'],
    [300, 0, 'down', 'up'],
  ] as const)('%d → %d after %j → %j', (from, to, prev, want) => {
    expect(scrollDirection(from, to, prev)).toBe(want);
  });
});

describe('scrolledPast (default offset 1000)', () => {
  it.each([
    [1000, undefined, false],
    [1001, undefined, true],
    [1001, 'abc', true],
    [201, '200', true],
    [200, 200, false],
    [0, '', false],
  ] as const)('%d past %j → %s', (y, offset, want) => {
    expect(scrolledPast(y, offset)).toBe(want);
  });
});

describe('collapsedAt (at or below the breakpoint)', () => {
  it.each([
    [991, true],
    [991.5, false],
    [992, false],
    [375, true],
  ] as const)('%d px → %s', (w, want) => {
    expect(collapsedAt({ breakpoint: 991 }, w)).toBe(want);
  });
});

describe('scrollPadding (focus not hidden under the header, WCAG 2.4.11)', () => {
  it.each([
    ['sticky at the top', 'sticky', 'top', 120, false, 0, { top: 120, bottom: 0 }],
    ['fixed at the top', 'fixed', 'top', 80, false, 0, { top: 80, bottom: 0 }],
    ['fixed at the bottom', 'fixed', 'bottom', 64, false, 0, { top: 0, bottom: 64 }],
    ['sticky at the bottom', 'sticky', 'bottom', 64, false, 0, { top: 0, bottom: 64 }],
    ['no behavior: scrolls away', '', 'top', 120, false, 0, { top: 0, bottom: 0 }],
    ['own sticky row 70 px below the top of a 130 px header', '', 'top', 130, true, 70, { top: 60, bottom: 0 }],
    ['own sticky row, sticky behavior too', 'sticky', 'top', 130, true, 70, { top: 60, bottom: 0 }],
  ] as const)('%s', (_, behavior, position, headerHeight, ownSticky, ownStickyTop, want) => {
    expect(scrollPadding({ behavior, position, headerHeight, ownSticky, ownStickyTop })).toEqual(want);
  });
});
