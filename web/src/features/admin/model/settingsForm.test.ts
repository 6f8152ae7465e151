import { describe, expect, it } from 'vitest';
import { formFromSettings, toSettingsPayload } from './settingsForm';

const server = {
  title: 'Laden',
  description: 'Kaffee',
  laden_shop_lightbox: true,
  laden_shipping_flat: '4.90',
  laden_shipping_free_from: '50.00',
  laden_low_stock_amount: 5,
  laden_header_offset: 0,
  laden_header_breakpoint: 992,
  laden_header_overlap: 'desktop tablet',
  laden_smooth_scroll: null,
  laden_quantity_field: null,
  laden_quantity_step_max: null,
  laden_page_terms: 'agb',
  laden_payment_methods: ['bacs', 'cod'],
  laden_shop_vat_id: 'DE123456789',
};

describe('settings form', () => {
  it('round-trips what the server sends', () => {
    const form = formFromSettings(server);
    expect(form).toMatchObject({ shippingFlat: '4,90', shippingFreeFrom: '50,00', overlap: ['desktop', 'tablet'], smoothScroll: 'default', quantityField: 'default' });
    const { payload, errors } = toSettingsPayload(form);
    expect(errors).toEqual({});
    expect(payload).toMatchObject({
      title: 'Laden',
      laden_shop_lightbox: true,
      laden_shipping_flat: '4.90',
      laden_shipping_free_from: '50.00',
      laden_low_stock_amount: 5,
      laden_header_breakpoint: 992,
      laden_header_overlap: 'desktop tablet',
      laden_smooth_scroll: null,
      laden_quantity_field: null,
      laden_quantity_step_max: null,
      laden_page_terms: 'agb',
      laden_payment_methods: ['bacs', 'cod'],
      laden_shop_vat_id: 'DE123456789',
    });
  });

  it.each([
    [{ shippingFlat: '' }, 'laden_shipping_flat'],
    [{ shippingFlat: 'vier' }, 'laden_shipping_flat'],
    [{ shippingFreeFrom: 'x' }, 'laden_shipping_free_from'],
    [{ lowStock: '-1' }, 'laden_low_stock_amount'],
    [{ headerOffset: '1,5' }, 'laden_header_offset'],
    [{ quantityStepMax: '0' }, 'laden_quantity_step_max'],
    [{ paymentMethods: [] }, 'laden_payment_methods'],
  ])('%o is refused at %s', (change, field) => {
    expect(Object.keys(toSettingsPayload({ ...formFromSettings(server), ...change }).errors)).toEqual([field]);
  });

  it('sends free shipping "never" as null and the switches as set', () => {
    const { payload } = toSettingsPayload({ ...formFromSettings(server), shippingFreeFrom: '', smoothScroll: 'off', quantityField: '0', quantityStepMax: '3' });
    expect(payload).toMatchObject({ laden_shipping_free_from: null, laden_smooth_scroll: false, laden_quantity_field: '0', laden_quantity_step_max: 3 });
  });
});
