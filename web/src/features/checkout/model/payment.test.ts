import { describe, expect, it } from 'vitest';
import { checkoutPath, nextStep, parsePlaced, paymentData, unpaidOrder, type PaymentResult } from './payment';

const result = (status: string, details: Record<string, string> = {}): PaymentResult => ({
  payment_status: status,
  payment_details: Object.entries(details).map(([key, value]) => ({ key, value })),
  redirect_url: '/bestellung-erhalten/7/?key=k',
});

describe('the payment steps', () => {
  it.each([
    [result('success'), { kind: 'done', redirect: '/bestellung-erhalten/7/?key=k' }],
    [
      result('pending', { stripe_client_secret: 'pi_1_secret_x', stripe_intent: 'pi_1' }),
      { kind: 'authenticate', clientSecret: 'pi_1_secret_x' },
    ],
    [result('pending', { stripe_setup_secret: 'seti_1_secret_x' }), { kind: 'mandate', setupSecret: 'seti_1_secret_x' }],
    [result('pending'), { kind: 'check' }],
    // Success wins over leftover details.
    [result('success', { stripe_client_secret: 'pi_1_secret_x' }), { kind: 'done', redirect: '/bestellung-erhalten/7/?key=k' }],
  ])('%j → %j', (r, step) => {
    expect(nextStep(r)).toEqual(step);
  });

  it('sends a card token only with the card method', () => {
    expect(paymentData('stripe', 'tok_1')).toEqual([{ key: 'stripe_source', value: 'tok_1' }]);
    expect(paymentData('stripe', null)).toEqual([]);
    expect(paymentData('stripe_sepa', 'tok_1')).toEqual([]);
    expect(paymentData('bacs', null)).toEqual([]);
  });

  it('keeps the order a failed payment names, and pays it on the next try', () => {
    const unpaid = unpaidOrder({ status: 402, order_id: 7, order_key: 'wc_order_k' });
    expect(unpaid).toEqual({ id: 7, key: 'wc_order_k' });
    expect(checkoutPath(unpaid)).toBe('/checkout/7');
    expect(checkoutPath(null)).toBe('/checkout');
    for (const data of [null, undefined, 'x', { status: 400 }, { order_id: '7', order_key: 'k' }, { order_id: 7, order_key: '' }])
      expect(unpaidOrder(data)).toBeNull();
  });

  it('reads the answers and refuses others', () => {
    expect(parsePlaced({ order_id: 7, order_key: 'k', payment_result: result('success') }).order_id).toBe(7);
    expect(parsePlaced({ order_id: 7, payment_result: result('pending') }).order_key).toBe('');
    for (const raw of [null, {}, { order_id: 7 }, { order_id: 7, payment_result: { payment_status: 'success' } }])
      expect(() => parsePlaced(raw)).toThrow();
  });
});
