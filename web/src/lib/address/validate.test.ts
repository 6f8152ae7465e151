import { describe, expect, it } from 'vitest';
import { addressProblems, emptyAddress, isEmail, isPhone, isPostcode } from './validate';

describe('isEmail (spec §5)', () => {
  it.each([
    ['anna@example.de', true],
    ['a@b.co', true],
    [`a@b.${'x'.repeat(63)}`, true],
    [`a@b.${'x'.repeat(64)}`, false],
    ['anna@example.d', false],
    ['anna@example.123', false],
    ['anna@example', false],
    ['anna example@x.de', false],
    ['', false],
  ])('%s → %s', (s, ok) => expect(isEmail(s)).toBe(ok));
});

describe('isPhone (spec §5)', () => {
  it.each([
    ['+49 30 1234567', true],
    ['0170/1234567', true],
    ['123456', true],
    ['12345', false],
    ['+1234567890123456', false],
    ['0170 ABC', false],
  ])('%s → %s', (s, ok) => expect(isPhone(s)).toBe(ok));
});

describe('isPostcode', () => {
  it.each([
    ['\\d{5}', '10115', true],
    ['\\d{5}', '1011', false],
    ['\\d{5}', '10115 ', true],
    ['\\d{4} ?[A-Z]{2}', '1012 ab', true],
    ['', 'SW1A', true],
    ['', '', false],
    ['', '1234567890123', false],
    [null, '', true],
    [null, '999077', false],
    [undefined, 'x', true],
    // A format the browser cannot read: any postcode, the server checks.
    ['(', '1', true],
  ] as const)('%s %s', (f, s, ok) => expect(isPostcode(f, s)).toBe(ok));
});

describe('addressProblems', () => {
  it('names every missing billing field in German', () => {
    const p = addressProblems(emptyAddress(), true);
    expect(Object.keys(p).sort()).toEqual(['address_1', 'city', 'email', 'first_name', 'last_name', 'postcode']);
    expect(p.email).toBe('Bitte geben Sie Ihre E-Mail-Adresse ein.');
  });

  it('accepts a complete address', () => {
    const a = {
      ...emptyAddress(),
      first_name: 'Anna',
      last_name: 'Muster',
      address_1: 'Hauptstr. 1',
      postcode: '04109',
      city: 'Leipzig',
      email: 'anna@example.de',
    };
    expect(addressProblems(a, true)).toEqual({});
  });

  it('checks the postcode by its country, and asks none where there are none', () => {
    const formats = { DE: '\\d{5}', AT: '\\d{4}', HK: null };
    const a = { ...emptyAddress(), first_name: 'A', last_name: 'B', address_1: 'C 1', city: 'D' };
    expect(addressProblems({ ...a, country: 'AT', postcode: '10115' }, false, formats)).toEqual({
      postcode: 'Bitte geben Sie eine gültige Postleitzahl ein.',
    });
    expect(addressProblems({ ...a, country: 'HK', postcode: '' }, false, formats)).toEqual({});
    expect(addressProblems({ ...a, country: 'HK', postcode: '999077' }, false, formats)).toHaveProperty('postcode');
  });
});
