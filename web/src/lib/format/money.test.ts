import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './money';

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
});
