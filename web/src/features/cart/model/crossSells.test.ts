import { describe, expect, it } from 'vitest';
import { crossSellIds } from './crossSells';

describe('crossSellIds', () => {
  const item = (id: number, cross: number[], parent = 0) => ({ id, parent, cross_sell_ids: cross });
  it.each([
    [[item(1, [5, 6]), item(2, [6, 7])], 4, [5, 6, 7]],
    [[item(1, [2, 5]), item(2, [])], 4, [5]],
    [[item(11, [1, 5], 1)], 4, [5]],
    [[item(1, [5, 6, 7, 8, 9])], 4, [5, 6, 7, 8]],
    [[item(1, [5, 6])], 1, [5]],
    [[], 4, []],
  ] as const)('%j (at most %d) → %j', (items, max, want) => {
    expect(crossSellIds(items, max)).toEqual(want);
  });
});
