import { describe, expect, it } from 'vitest';
import { badgesAfter, badgesOnLoad, type BadgeEvent } from './badges';

const v = (is_in_stock: boolean, display_price: number, display_regular_price = display_price) => ({
  is_in_stock,
  display_price,
  display_regular_price,
});
const inStock = v(true, 10);
const onSale = v(true, 8, 10);
const soldOut = v(false, 10);
const soldOutSale = v(false, 8, 10);

describe('badgesOnLoad', () => {
  it.each([
    ['nothing in stock', [soldOut, soldOutSale], true, { sale: false, outOfStock: true }],
    ['something in stock, product on sale', [inStock, soldOutSale], true, { sale: true, outOfStock: false }],
    ['something in stock, no sale', [inStock, soldOut], false, { sale: false, outOfStock: false }],
  ])('%s', (_, variations, productOnSale, want) => {
    expect(badgesOnLoad(variations, productOnSale)).toEqual(want);
  });
});

describe('badgesAfter', () => {
  const shown = { sale: true, outOfStock: true };
  const hidden = { sale: false, outOfStock: false };
  const none: BadgeEvent = { kind: 'none' };
  const cleared: BadgeEvent = { kind: 'cleared' };
  it.each([
    [
      'none selected, nothing in stock: out-of-stock shown, sale kept',
      hidden,
      none,
      [soldOut, soldOutSale],
      { sale: false, outOfStock: true },
    ],
    [
      'none selected, nothing in stock, sale was shown: kept',
      { sale: true, outOfStock: false },
      none,
      [soldOutSale],
      { sale: true, outOfStock: true },
    ],
    [
      'none selected, one on sale: sale shown, out-of-stock hidden',
      { sale: false, outOfStock: true },
      none,
      [inStock, onSale],
      { sale: true, outOfStock: false },
    ],
    [
      'none selected, none on sale: unchanged',
      { sale: false, outOfStock: true },
      none,
      [inStock, soldOut],
      { sale: false, outOfStock: true },
    ],
    [
      'selected in stock, on sale',
      { sale: false, outOfStock: true },
      { kind: 'selected', variation: onSale },
      [onSale],
      { sale: true, outOfStock: false },
    ],
    ['selected in stock, not on sale', shown, { kind: 'selected', variation: inStock }, [inStock], { sale: false, outOfStock: false }],
    [
      'selected, not in stock (even if on sale)',
      { sale: true, outOfStock: false },
      { kind: 'selected', variation: soldOutSale },
      [soldOutSale],
      { sale: false, outOfStock: true },
    ],
    ['cleared: out-of-stock hidden, sale kept', shown, cleared, [soldOut], { sale: true, outOfStock: false }],
    ['cleared from hidden', hidden, cleared, [inStock], hidden],
  ] as const)('%s', (_, current, event, variations, want) => {
    expect(badgesAfter(current, event, [...variations])).toEqual(want);
  });
});
