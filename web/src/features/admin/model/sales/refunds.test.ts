import { describe, expect, it } from 'vitest';
import { paidBackByProvider, refundableCents, refundedCents, refundLines, refundRequest, type RefundForm } from './refunds';

const lines = [
  { id: 1, quantity: 2 },
  { id: 2, quantity: 1 },
];
const form = (over: Partial<RefundForm>): RefundForm => ({ quantities: {}, amount: '', reason: '', restock: true, ...over });

describe('refunds', () => {
  it.each([
    [form({ quantities: { 1: '1' } }), { api_refund: false, api_restock: true, reason: '', line_items: [{ id: 1, quantity: 1 }] }],
    [
      form({ quantities: { 1: '2', 2: '0' }, reason: ' Bruch ', restock: false }),
      { api_refund: false, api_restock: false, reason: 'Bruch', line_items: [{ id: 1, quantity: 2 }] },
    ],
    [form({ amount: '4,90' }), { api_refund: false, api_restock: true, reason: '', amount: '4.90', line_items: [] }],
    [
      form({ quantities: { 2: '1' }, amount: '12' }),
      { api_refund: false, api_restock: true, reason: '', amount: '12.00', line_items: [{ id: 2, quantity: 1 }] },
    ],
  ])('asks %o', (f, want) => {
    expect(refundRequest(f, lines)).toEqual({ ok: true, request: want });
  });

  it('asks the payment provider to pay back a Stripe payment, and staff for the rest', () => {
    expect(refundRequest(form({ amount: '5' }), lines, true)).toEqual({
      ok: true,
      request: { api_refund: true, api_restock: true, reason: '', amount: '5.00', line_items: [] },
    });
    expect(paidBackByProvider({ payment_method: 'stripe', transaction_id: 'pi_1' })).toBe(true);
    expect(paidBackByProvider({ payment_method: 'stripe_sepa', transaction_id: 'pi_1' })).toBe(true);
    expect(paidBackByProvider({ payment_method: 'stripe', transaction_id: '' })).toBe(false);
    expect(paidBackByProvider({ payment_method: 'stripe_sepa', transaction_id: 'seti_1' })).toBe(false);
    expect(paidBackByProvider({ payment_method: 'bacs', transaction_id: '' })).toBe(false);
  });

  it.each([
    [form({ quantities: { 1: '3' } }), 'line-1', 'Geben Sie ganze Stück von 0 bis 2 an.'],
    [form({ quantities: { 2: '-1' } }), 'line-2', 'Geben Sie ganze Stück von 0 bis 1 an.'],
    [form({ quantities: { 1: '1,5' } }), 'line-1', 'Geben Sie ganze Stück von 0 bis 2 an.'],
    [form({ amount: 'zehn' }), 'amount', 'Geben Sie einen Betrag wie 12,90 an.'],
    [form({}), 'amount', 'Geben Sie zurückgenommene Stück oder einen Betrag an.'],
    [form({ quantities: { 1: '0' } }), 'amount', 'Geben Sie zurückgenommene Stück oder einen Betrag an.'],
  ])('refuses %o at %s', (f, field, message) => {
    expect(refundRequest(f, lines)).toEqual({ ok: false, field, message });
  });

  it('counts what was refunded and what is left', () => {
    const order = {
      status: 'processing',
      total: '35.95',
      refunds: [
        { id: 2, reason: '', total: '-4.90' },
        { id: 1, reason: 'Bruch', total: '-10.71' },
      ],
    };
    expect(refundedCents(order)).toBe(1561);
    expect(refundableCents(order)).toBe(2034);
    expect(refundableCents({ ...order, status: 'cancelled' })).toBe(0);
    expect(refundableCents({ ...order, refunds: [{ id: 1, reason: '', total: '-35.95' }] })).toBe(0);
  });

  it('takes back the goods and then the deposits on them, each by its line id', () => {
    const order = {
      line_items: [
        { id: 1, name: 'Mineralwasser 6 × 1 l', quantity: 2 },
        { id: 2, name: 'Tasse', quantity: 1 },
      ],
      fee_lines: [{ id: 3, name: 'Pfand für Mineralwasser 6 × 1 l', laden_quantity: 2 }],
    } as unknown as Parameters<typeof refundLines>[0];
    expect(refundLines(order)).toEqual([
      { id: 1, name: 'Mineralwasser 6 × 1 l', quantity: 2 },
      { id: 2, name: 'Tasse', quantity: 1 },
      { id: 3, name: 'Pfand für Mineralwasser 6 × 1 l', quantity: 2 },
    ]);
    expect(refundRequest(form({ quantities: { 3: '1' } }), refundLines(order))).toMatchObject({
      ok: true,
      request: { line_items: [{ id: 3, quantity: 1 }] },
    });
    expect(refundRequest(form({ quantities: { 3: '3' } }), refundLines(order))).toMatchObject({ ok: false, field: 'line-3' });
  });
});
