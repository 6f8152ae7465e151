import { describe, expect, it } from 'vitest';
import { listingBadges } from './badges';

describe('listingBadges', () => {
  it.each([
    [
      { on_sale: false, is_in_stock: true },
      { sale: false, outOfStock: false },
    ],
    [
      { on_sale: true, is_in_stock: true },
      { sale: true, outOfStock: false },
    ],
    [
      { on_sale: true, is_in_stock: false },
      { sale: false, outOfStock: true },
    ],
    [
      { on_sale: false, is_in_stock: false },
      { sale: false, outOfStock: true },
    ],
  ])('%j', (input, want) => {
    expect(listingBadges(input)).toEqual(want);
  });
});
