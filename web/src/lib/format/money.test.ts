import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatUnitPrice, moneyInputValue, parseMoneyInput } from './money';

describe('formatMoney', () => {
  it.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [1299, '12,99 €'],
    [123456, '1.234,56 €'],
    [100000000, '1.000.000,00 €'],
    [-250, '-2,50 €'],
    ['4990', '49,90 €'],
  ])('%s', (cents, want) => {
    expect(formatMoney(cents)).toBe(want.replace(' €', '\u00a0€'));
  });

  it('matches Intl de-DE', () => {
    const intl = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    for (const cents of [0, 7, 99, 1000, 123456, 98765432]) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
    }
  });
});

describe('formatDate', () => {
  it('formats ISO dates', () => {
    expect(formatDate('2026-11-21T20:15:00')).toBe('21.11.2026');
    expect(formatDate('kaputt')).toBe('');
  });
  it('formats ISO dates with their time', () => {
    expect(formatDateTime('2026-11-21T20:15:00')).toBe('21.11.2026, 20:15 Uhr');
    expect(formatDateTime('2026-11-21')).toBe('');
  });
});

describe('parseMoneyInput', () => {
  it.each([
    ['12,90', '12.90'],
    ['12.90', '12.90'],
    ['12', '12.00'],
    ['12,9', '12.90'],
    ['1.234,50', '1234.50'],
    ['1.234', '1234.00'],
    ['0,99 €', '0.99'],
    ['  7 ', '7.00'],
    ['', ''],
    ['-3,00', null],
    ['12,999', null],
    ['zwölf', null],
    ['1,2,3', null],
  ])('%s', (text, want) => {
    expect(parseMoneyInput(text)).toBe(want);
  });

  it('turns decimals back into form values', () => {
    expect(moneyInputValue('12.90')).toBe('12,90');
    expect(moneyInputValue('')).toBe('');
  });
});

describe('formatUnitPrice', () => {
  it.each([
    [{ price: 4760, max_price: 4760, base: '1 kg' }, '47,60\u00a0€ / 1 kg'],
    [{ price: 319, max_price: 319, base: '100 g' }, '3,19\u00a0€ / 100 g'],
    [{ price: 1798, max_price: 2150, base: '1 kg' }, '17,98\u00a0€ – 21,50\u00a0€ / 1 kg'],
    [{ price: 123456, max_price: 100, base: '1 l' }, '1.234,56\u00a0€ / 1 l'],
    [{ price: 100, max_price: 100, base: '' }, null],
    [null, null],
    [undefined, null],
  ])('%j → %s', (u, text) => expect(formatUnitPrice(u)).toBe(text));
});
