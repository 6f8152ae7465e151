import { describe, expect, it } from 'vitest';
import { formatVatRate, germanDecimal } from './number';

describe('germanDecimal', () => {
  it.each([
    [907, 1000, '0,907'],
    [2000, 1000, '2'],
    [1500, 1000, '1,5'],
    [254, 10, '25,4'],
    [610, 10, '61'],
    [1234000, 1000, '1.234'],
    [-25, 10, '-2,5'],
    [Number.NaN, 10, '0'],
  ] as const)('%d / %d → %s', (value, per, want) => {
    expect(germanDecimal(value, per)).toBe(want);
    // The same figure as Intl gives in a browser.
    if (Number.isFinite(value)) {
      expect(germanDecimal(value, per)).toBe(new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 }).format(value / per));
    }
  });
});

describe('formatVatRate', () => {
  it.each([
    ['19%', '19 %'],
    ['7%', '7 %'],
    ['5.5%', '5,5 %'],
    ['25.5%', '25,5 %'],
    ['4.85%', '4,85 %'],
    ['0%', '0 %'],
    ['', ''],
  ] as const)('%s → %s', (rate, want) => {
    expect(formatVatRate(rate)).toBe(want);
  });
});
