import { describe, expect, it } from 'vitest';
import type { StoreProduct } from '../../../generated/wire';
import { moveActive, parseSuggestions, resultsHref, suggestPath, suggestQuery, toSuggestion } from './search';

describe('suggestQuery', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['T', null],
    [' T ', null],
    ['Ta', 'Ta'],
    ['  Tasse  ', 'Tasse'],
    ['Kaffee   mühle', 'Kaffee mühle'],
    ['ßü', 'ßü'],
    ['x'.repeat(150), 'x'.repeat(100)],
  ] as const)('%j → %j', (input, want) => {
    expect(suggestQuery(input)).toBe(want);
  });
});

describe('paths', () => {
  it('asks the Store API for a few products ranked by relevance', () => {
    expect(suggestPath('Kaffee & Tee')).toBe('/products?search=Kaffee%20%26%20Tee&per_page=6');
  });
  it('links the results page as the GET form would', () => {
    expect(resultsHref('Kaffee mühle')).toBe('/shop/?s=Kaffee+m%C3%BChle');
  });
});

describe('moveActive (4 options)', () => {
  it.each([
    [-1, 'ArrowDown', 0],
    [0, 'ArrowDown', 1],
    [3, 'ArrowDown', 0],
    [-1, 'ArrowUp', 3],
    [0, 'ArrowUp', 3],
    [2, 'ArrowUp', 1],
    [2, 'Home', 0],
    [1, 'End', 3],
    [2, 'a', 2],
  ] as const)('%d %s → %d', (active, key, want) => {
    expect(moveActive(active, 4, key)).toBe(want);
  });
  it('has nothing to move to in an empty list', () => {
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });
});

function product(over: Partial<StoreProduct>): StoreProduct {
  return {
    id: 7,
    name: 'Tasse',
    permalink: 'http://127.0.0.1/produkt/tasse/',
    prices: {
      price: '1290',
      regular_price: '1290',
      sale_price: '1290',
      price_range: null,
      currency_code: 'EUR',
      currency_symbol: '€',
      currency_minor_unit: 2,
      currency_decimal_separator: ',',
      currency_thousand_separator: '.',
      currency_prefix: '',
      currency_suffix: ' €',
    },
    images: [],
    ...over,
  } as StoreProduct;
}

describe('toSuggestion', () => {
  it('takes name, link and price in cents', () => {
    expect(toSuggestion(product({}))).toEqual({
      id: 7,
      name: 'Tasse',
      href: 'http://127.0.0.1/produkt/tasse/',
      price: 1290,
      from: false,
      image: null,
    });
  });
  it('says "from" the lowest price of a range, and one price when the range is one', () => {
    const p = product({});
    const ranged = toSuggestion({ ...p, prices: { ...p.prices, price_range: { min_amount: '900', max_amount: '1500' } } });
    expect([ranged.price, ranged.from]).toEqual([900, true]);
    const flat = toSuggestion({ ...p, prices: { ...p.prices, price_range: { min_amount: '900', max_amount: '900' } } });
    expect([flat.price, flat.from]).toEqual([900, false]);
  });
  it('has no price when the product has none, and scales other minor units to cents', () => {
    const p = product({});
    expect(toSuggestion({ ...p, prices: { ...p.prices, price: '' } }).price).toBeNull();
    expect(toSuggestion({ ...p, prices: { ...p.prices, price: '12', currency_minor_unit: 0 } }).price).toBe(1200);
  });
  it('takes the first image’s thumbnail and alternative text', () => {
    const img = { src: '/uploads/a.jpg', thumbnail: '/uploads/a-150.jpg', alt: 'Blaue Tasse' };
    expect(toSuggestion(product({ images: [img as StoreProduct['images'][number]] })).image).toEqual({
      src: '/uploads/a-150.jpg',
      alt: 'Blaue Tasse',
    });
  });
});

describe('parseSuggestions', () => {
  it('refuses what is not a list', () => {
    expect(() => parseSuggestions({ code: 'x' })).toThrow();
  });
  it('keeps at most six', () => {
    expect(parseSuggestions(Array.from({ length: 9 }, (_, i) => product({ id: i }))).map((s) => s.id)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
