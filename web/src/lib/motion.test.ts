import { describe, expect, it } from 'vitest';
import { motionMs, prefersReducedMotion } from './motion';

describe('motionMs', () => {
  it.each([
    [500, false, 500],
    [500, true, 0],
    [0, false, 0],
    [250, true, 0],
  ] as const)('%d ms, reduced %s → %d', (ms, reduced, want) => {
    expect(motionMs(ms, reduced)).toBe(want);
  });
});

describe('prefersReducedMotion', () => {
  it('is false where there is no window (the server render)', () => {
    expect(prefersReducedMotion()).toBe(false);
  });
});
