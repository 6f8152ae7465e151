import { describe, expect, it } from 'vitest';
import { couponDiscounts, type CouponsOf } from './cart';

const base: CouponsOf & Record<string, unknown> = {
  items: [],
  items_count: 0,
  totals: {
    total_items: '0',
    total_items_tax: '0',
    total_shipping: '0',
    total_shipping_tax: '0',
    total_price: '0',
    total_tax: '0',
    tax_lines: [],
  },
};

describe('couponDiscounts', () => {
  it.each([
    ['no coupons field (an older answer)', base, []],
    [
      'gross from Laden',
      {
        ...base,
        coupons: [
          {
            code: 'zehn',
            totals: { total_discount: '100', total_discount_tax: '7' },
            extensions: { laden: { total_discount_gross: '107' } },
          },
        ],
      },
      [{ code: 'zehn', amount: 107 }],
    ],
    [
      'net plus tax from another server',
      { ...base, coupons: [{ code: 'fuenf', totals: { total_discount: '420', total_discount_tax: '80' } }] },
      [{ code: 'fuenf', amount: 500 }],
    ],
    [
      'in the order applied',
      {
        ...base,
        coupons: [
          { code: 'b', totals: { total_discount: '1', total_discount_tax: '0' } },
          { code: 'a', totals: { total_discount: '2', total_discount_tax: '0' } },
        ],
      },
      [
        { code: 'b', amount: 1 },
        { code: 'a', amount: 2 },
      ],
    ],
  ] as Array<[string, CouponsOf, Array<{ code: string; amount: number }>]>)('%s', (_, cart, want) => {
    expect(couponDiscounts(cart)).toEqual(want);
  });
});
