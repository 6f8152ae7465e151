import { describe, expect, it } from 'vitest';
import { cartLink, withoutCartLink } from './link';

describe('cartLink', () => {
  it.each([
    ['?add-to-cart=42', { id: 42, quantity: 1, variation: [] }],
    ['?add-to-cart=42&quantity=3', { id: 42, quantity: 3, variation: [] }],
    ['add-to-cart=42&quantity=3', { id: 42, quantity: 3, variation: [] }],
    // A variation: its own id, with the values an "any" attribute needs.
    [
      '?add-to-cart=40&variation_id=41&attribute_pa_groesse=1-kg&attribute_mahlgrad=',
      { id: 41, quantity: 1, variation: [{ attribute: 'pa_groesse', value: '1-kg' }] },
    ],
    ['?utm_source=newsletter&add-to-cart=7', { id: 7, quantity: 1, variation: [] }],
  ])('%s', (search, want) => {
    expect(cartLink(search)).toEqual(want);
  });

  it.each([
    '',
    '?utm_source=x',
    '?add-to-cart=',
    '?add-to-cart=abc',
    '?add-to-cart=0',
    '?add-to-cart=-1',
    '?add-to-cart=42&quantity=0',
    '?add-to-cart=42&quantity=zwei',
    '?add-to-cart=40&variation_id=x',
    '?add-to-cart=1e3',
  ])('not a link: %s', (search) => {
    expect(cartLink(search)).toBeNull();
  });
});

describe('withoutCartLink', () => {
  it.each([
    ['?add-to-cart=42', ''],
    ['?add-to-cart=42&quantity=2&utm_source=newsletter', '?utm_source=newsletter'],
    ['?variation_id=3&attribute_pa_farbe=rot&ref=a&add-to-cart=2', '?ref=a'],
    ['', ''],
  ])('%s → %s', (search, want) => {
    expect(withoutCartLink(search)).toBe(want);
  });
});
