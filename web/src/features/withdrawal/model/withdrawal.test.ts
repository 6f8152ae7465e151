import { describe, expect, it } from 'vitest';
import { identifyProblems, parseWithdrawalOrder } from './withdrawal';

describe('identifyProblems', () => {
  it.each([
    ['1234', 'kunde@example.de', {}],
    ['#1234', ' kunde@example.de ', {}],
    ['', 'kunde@example.de', { order: 'Bitte geben Sie Ihre Bestellnummer ein.' }],
    ['abc', 'kunde@example.de', { order: 'Bitte geben Sie Ihre Bestellnummer ein.' }],
    ['12', 'kunde', { email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }],
  ])('%s / %s', (order, email, want) => {
    expect(identifyProblems({ order, email })).toEqual(want);
  });
});

describe('parseWithdrawalOrder', () => {
  it('accepts the server answer and refuses anything else', () => {
    expect(
      parseWithdrawalOrder({ order_number: '7', date_label: '1. Mai 2026', total: 100, items: [], withdrawn_at: null }).order_number,
    ).toBe('7');
    expect(() => parseWithdrawalOrder({ order: 7 })).toThrow();
  });
});
