import { describe, expect, it } from 'vitest';
import { stickyTop } from './sticky';

describe('stickyTop', () => {
  it.each([
    ['up', 600, 800, 50],
    ['up', 1200, 800, 50],
    ['down', 600, 800, 50],
    ['down', 1200, 800, -400],
    ['down', 800, 800, 50],
  ] as const)('%s, summary %d in window %d → %d', (dir, h, wh, want) => {
    expect(stickyTop(dir, h, wh)).toBe(want);
  });
});
