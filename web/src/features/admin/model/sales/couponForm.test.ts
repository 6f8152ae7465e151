import { describe, expect, it } from 'vitest';
import { couponPayload, EMPTY_COUPON, type CouponForm } from './couponForm';

describe('couponPayload', () => {
  const form = (f: Partial<CouponForm>): CouponForm => ({ ...EMPTY_COUPON, ...f });
  it.each([
    [
      'a percentage',
      form({ code: ' Herbst ', amount: '12,5' }),
      {
        data: {
          code: 'Herbst',
          discount_type: 'percent',
          amount: '12.50',
          minimum_amount: '',
          usage_limit: null,
          free_shipping: false,
          date_expires: null,
        },
      },
    ],
    [
      'a fixed amount with minimum, limit and expiry',
      form({ code: 'FUENF', type: 'fixed_cart', amount: '5', minimum: '20,00', usageLimit: '1', expires: '2026-12-24' }),
      {
        data: {
          code: 'FUENF',
          discount_type: 'fixed_cart',
          amount: '5.00',
          minimum_amount: '20.00',
          usage_limit: 1,
          free_shipping: false,
          date_expires: '2026-12-24T23:59:59',
        },
      },
    ],
    [
      'free shipping, nothing off',
      form({ code: 'VERSANDFREI', type: 'fixed_cart', amount: '0', freeShipping: true }),
      {
        data: {
          code: 'VERSANDFREI',
          discount_type: 'fixed_cart',
          amount: '0.00',
          minimum_amount: '',
          usage_limit: null,
          free_shipping: true,
          date_expires: null,
        },
      },
    ],
    [
      'nothing typed',
      form({}),
      { errors: { code: 'Bitte geben Sie einen Gutscheincode ein.', amount: 'Bitte geben Sie einen Betrag wie 10 oder 5,50 ein.' } },
    ],
    ['over 100 %', form({ code: 'x', amount: '150' }), { errors: { amount: 'Ein Prozent-Gutschein gilt höchstens 100 %.' } }],
    [
      'bad minimum and limit',
      form({ code: 'x', amount: '1', minimum: 'viel', usageLimit: '1,5' }),
      {
        errors: {
          minimum_amount: 'Bitte geben Sie einen Betrag wie 10 oder 5,50 ein.',
          usage_limit: 'Bitte geben Sie eine ganze Zahl ein oder lassen Sie das Feld für kein Limit leer.',
        },
      },
    ],
  ])('%s', (_, f, want) => {
    expect(couponPayload(f)).toEqual(want);
  });
});
