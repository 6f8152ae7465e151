import { describe, expect, it } from 'vitest';
import { invoiceKindLabel, monthOf, quarterOf, shiftMonth } from './invoices';

describe('invoices', () => {
  it.each([
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
    ['2026-05', -13, '2025-04'],
    ['2026-5', 1, '2026-5'],
  ])('shifts %s by %d to %s', (month, by, want) => {
    expect(shiftMonth(month, by)).toBe(want);
  });

  it('names the kinds', () => {
    expect(invoiceKindLabel({ kind: 'invoice', cancelled: false, partial: false })).toBe('Rechnung');
    expect(invoiceKindLabel({ kind: 'invoice', cancelled: true, partial: false })).toBe('Rechnung (storniert)');
    expect(invoiceKindLabel({ kind: 'cancellation', cancelled: false, partial: false })).toBe('Stornorechnung');
    expect(invoiceKindLabel({ kind: 'cancellation', cancelled: false, partial: true })).toBe('Teilstornorechnung');
  });

  it.each([
    ['2026-01', '2026-Q1'],
    ['2026-03', '2026-Q1'],
    ['2026-04', '2026-Q2'],
    ['2026-09', '2026-Q3'],
    ['2026-12', '2026-Q4'],
    ['2026-5', '2026-5'],
  ])('puts %s in %s', (month, want) => {
    expect(quarterOf(month)).toBe(want);
  });

  it('takes the month of a date', () => {
    expect(monthOf('2026-11-26T10:15:00')).toBe('2026-11');
  });
});
