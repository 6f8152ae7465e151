import { describe, expect, it } from 'vitest';
import type { ListingFilterView } from '../../../generated/wire';
import { joinTerms, listingHref, listingQuery } from './listingHref';

const none: ListingFilterView = {
  minPrice: null,
  maxPrice: null,
  inStock: false,
  onSale: false,
  inStockCount: 0,
  onSaleCount: 0,
  attributes: [],
};
const colours = {
  slug: 'farbe',
  name: 'Farbe',
  terms: [
    { slug: 'sand', name: 'Sand', count: 2, selected: true },
    { slug: 'schwarz', name: 'Schwarz', count: 3, selected: false },
    { slug: 'weiss', name: 'Weiß', count: 4, selected: true },
  ],
};

describe('listingHref', () => {
  it.each([
    ['/shop/', 1, '', '', none, '/shop/'],
    ['/shop/', 2, '', '', none, '/shop/page/2/'],
    ['/shop/', 1, 'Tassen', '', none, '/shop/?s=Tassen'],
    ['/shop/', 3, 'Kaffee mühle', 'price', none, '/shop/page/3/?s=Kaffee%20m%C3%BChle&orderby=price'],
    ['/produkt-kategorie/tee/', 2, '', 'date', none, '/produkt-kategorie/tee/page/2/?orderby=date'],
    [
      '/produkt-kategorie/tee/',
      2,
      '',
      '',
      { ...none, minPrice: 5, maxPrice: 20, inStock: true, onSale: true },
      '/produkt-kategorie/tee/page/2/?min_price=5&max_price=20&stock=instock&sale=1',
    ],
    ['/shop/', 2, '', '', { ...none, attributes: [colours] }, '/shop/page/2/?filter_farbe=sand%2Cweiss'],
  ])('%s page %d, search %j, order %j, filter %j → %s', (base, page, search, orderby, filter, want) => {
    expect(listingHref(base, page, listingQuery(search, orderby, filter))).toBe(want);
  });
});

describe('joinTerms', () => {
  it.each([
    [
      [
        ['filter_farbe', 'weiss'],
        ['stock', 'instock'],
        ['filter_farbe', 'sand'],
      ],
      [
        ['filter_farbe', 'weiss,sand'],
        ['stock', 'instock'],
      ],
    ],
    [
      [
        ['s', 'a'],
        ['s', 'b'],
      ],
      [
        ['s', 'a'],
        ['s', 'b'],
      ],
    ],
    [[], []],
  ] as Array<[Array<[string, string]>, Array<[string, string]>]>)('%j → %j', (pairs, want) => {
    expect(joinTerms(pairs)).toEqual(want);
  });
});
