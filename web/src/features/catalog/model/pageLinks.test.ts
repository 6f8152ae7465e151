import { describe, expect, it } from 'vitest';
import { pageLinks } from './pageLinks';

/** `1 … 4 5 [6] 7 8 … 20` as numbers and `…`. */
const shown = (current: number, total: number): string =>
  pageLinks(current, total)
    .map((l) => ('page' in l ? String(l.page) : '…'))
    .join(' ');

describe('pageLinks', () => {
  it.each([
    [1, 1, '1'],
    [1, 2, '1 2'],
    [1, 5, '1 2 3 … 5'],
    [3, 5, '1 2 3 4 5'],
    [5, 5, '1 … 3 4 5'],
    [6, 20, '1 … 4 5 6 7 8 … 20'],
    [4, 20, '1 2 3 4 5 6 … 20'],
    [5, 20, '1 … 3 4 5 6 7 … 20'],
    [20, 20, '1 … 18 19 20'],
    [17, 20, '1 … 15 16 17 18 19 20'],
    [4000, 8334, '1 … 3998 3999 4000 4001 4002 … 8334'],
  ])('page %i of %i shows %s', (current, total, want) => {
    expect(shown(current, total)).toBe(want);
  });

  it('costs the links, not the pages', () => {
    expect(pageLinks(500_000, 1_000_000)).toHaveLength(9);
  });
});
