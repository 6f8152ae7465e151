import { describe, expect, it } from 'vitest';
import { collects, shippingOptions, undeliverable } from './shipping';

const rate = (rate_id: string, method_id: string, price: string, taxes: string, selected: boolean, description = '') => ({
  rate_id,
  name: rate_id,
  description,
  delivery_time: '',
  price,
  taxes,
  method_id,
  instance_id: 0,
  meta_data: [],
  selected,
  currency_code: 'EUR',
  currency_symbol: '€',
  currency_minor_unit: 2,
  currency_decimal_separator: ',',
  currency_thousand_separator: '.',
  currency_prefix: '',
  currency_suffix: ' €',
});

const cart = (rates: ReturnType<typeof rate>[], needs_shipping = true) => ({
  needs_shipping,
  shipping_rates: needs_shipping
    ? [{ package_id: 0, name: 'Sendung', destination: { country: 'DE' }, items: [], shipping_rates: rates }]
    : [],
});

describe('shipping options', () => {
  it('lists each rate with what the cart would charge for it', () => {
    const c = cart([
      rate('flat_rate:101', 'flat_rate', '412', '78', true),
      rate('flat_rate:103', 'flat_rate', '1084', '206', false),
      rate('local_pickup:104', 'local_pickup', '0', '0', false, 'Mo–Fr 10–18 Uhr'),
    ]);
    expect(shippingOptions(c)).toEqual([
      { id: 'flat_rate:101', name: 'flat_rate:101', price: 490, selected: true, pickup: false, hours: '' },
      { id: 'flat_rate:103', name: 'flat_rate:103', price: 1290, selected: false, pickup: false, hours: '' },
      { id: 'local_pickup:104', name: 'local_pickup:104', price: 0, selected: false, pickup: true, hours: 'Mo–Fr 10–18 Uhr' },
    ]);
    expect(collects(c)).toBe(false);
    expect(undeliverable(c)).toBe(false);
  });

  it('knows pickup chosen, a cart no method takes, and a cart that ships nothing', () => {
    expect(collects(cart([rate('local_pickup:104', 'local_pickup', '0', '0', true)]))).toBe(true);
    expect(undeliverable(cart([]))).toBe(true);
    const digital = cart([], false);
    expect(shippingOptions(digital)).toEqual([]);
    expect(undeliverable(digital)).toBe(false);
    // An amount that is no whole number of cents counts none.
    expect(shippingOptions(cart([rate('x', 'flat_rate', '4.90', '', true)]))[0]?.price).toBe(0);
  });
});
