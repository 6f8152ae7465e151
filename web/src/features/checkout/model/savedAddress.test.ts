import { describe, expect, it } from 'vitest';
import type { Address } from '../../../generated/wire';
import { emptyAddress } from '../../../lib/address/validate';
import { parseVisitorSession, withSavedAddress } from './savedAddress';

const saved: Address = {
  first_name: 'Anna',
  last_name: 'Muster',
  company: '',
  address_1: 'Hauptstraße 1',
  address_2: '',
  city: 'Wien',
  state: '',
  postcode: '1010',
  country: 'AT',
  email: 'anna@example.de',
  phone: ' ',
};

/** The form with every saved field that has a value. */
const filled = {
  first_name: 'Anna',
  last_name: 'Muster',
  address_1: 'Hauptstraße 1',
  city: 'Wien',
  postcode: '1010',
  country: 'AT',
  email: 'anna@example.de',
};

describe('withSavedAddress', () => {
  it.each([
    ['an empty form takes every saved field, the country too', {}, filled],
    ['typed fields stay', { first_name: 'Berta', city: 'Graz' }, { ...filled, first_name: 'Berta', city: 'Graz' }],
    ['a country chosen away from Germany stays', { country: 'CH' }, { ...filled, country: 'CH' }],
    ['a field typed and emptied again takes the saved one', { company: '' }, filled],
  ] as const)('%s', (_, typed, want) => {
    expect(withSavedAddress({ ...emptyAddress(), ...typed }, saved)).toEqual({ ...emptyAddress(), ...want });
  });

  it('leaves the form as it is without a saved address', () => {
    const form = { ...emptyAddress(), city: 'Köln' };
    expect(withSavedAddress(form, null)).toBe(form);
  });
});

describe('parseVisitorSession', () => {
  const anonymous = { logged_in: false, name: null, billing: null, shipping: null };
  it.each([
    [null, anonymous],
    ['<html>', anonymous],
    [{ logged_in: false, billing: saved }, anonymous],
    [
      { logged_in: true, name: 'Anna', billing: saved, shipping: null },
      { logged_in: true, name: 'Anna', billing: saved, shipping: null },
    ],
    [
      { logged_in: true, billing: { city: 3 }, shipping: 'x' },
      { logged_in: true, name: null, billing: null, shipping: null },
    ],
  ] as const)('%j → %j', (raw, want) => {
    expect(parseVisitorSession(raw)).toEqual(want);
  });
});
