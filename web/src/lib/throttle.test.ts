import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';
import { ACTIVE_ITEM_THROTTLE_MS, RESIZE_THROTTLE_MS, SCROLL_THROTTLE_MS } from '../config/constants';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('runs at once, then at most once per interval, with a trailing call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    t();
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
    t.cancel();
  });
});

describe('the spec’s throttles (§9 Timing)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it.each([
    ['scroll', SCROLL_THROTTLE_MS, 100],
    ['resize', RESIZE_THROTTLE_MS, 150],
    ['in-page active item', ACTIVE_ITEM_THROTTLE_MS, 200],
  ] as const)('%s: %d ms', (_, ms, want) => {
    expect(ms).toBe(want);
    const fn = vi.fn();
    const t = throttle(fn, ms);
    // A burst of events every 10 ms for one second: one call at once, then one per interval.
    for (let i = 0; i < 100; i++) {
      t();
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(ms);
    expect(fn).toHaveBeenCalledTimes(Math.ceil(1000 / ms) + 1);
    t.cancel();
  });
});
