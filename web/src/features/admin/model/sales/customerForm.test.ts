import { describe, expect, it } from 'vitest';
import { formFromCustomer, toCustomerPayload, type WcCustomer } from './customerForm';

const addr = {
  first_name: 'Anna',
  last_name: 'Muster',
  company: '',
  address_1: 'Hauptstraße 5',
  address_2: '',
  postcode: '04109',
  city: 'Leipzig',
  country: 'DE',
  email: 'anna@example.de',
  phone: '+49 341 1234567',
};
const customer: WcCustomer = {
  id: 3,
  email: 'anna@example.de',
  first_name: 'Anna',
  last_name: 'Muster',
  billing: addr,
  shipping: { ...addr, email: '', phone: '' },
  orders_count: 2,
  total_spent: '48.50',
  date_created: '2026-11-01T10:00:00',
};

describe('customer form', () => {
  it('round-trips what the server sends, trimmed', () => {
    const form = formFromCustomer(customer);
    const { payload, errors } = toCustomerPayload({ ...form, firstName: ' Anna ', billing: { ...form.billing, city: ' Leipzig ' } });
    expect(errors).toEqual({});
    expect(payload).toEqual({
      email: 'anna@example.de',
      first_name: 'Anna',
      last_name: 'Muster',
      billing: addr,
      shipping: { ...addr, email: '', phone: '' },
    });
  });

  it('fills in what an address lacks', () => {
    const form = formFromCustomer({ ...customer, shipping: {} as WcCustomer['shipping'] });
    expect(form.shipping.city).toBe('');
    expect(toCustomerPayload(form).errors).toEqual({});
  });

  it.each([
    [{ email: 'anna@' }, 'email'],
    [{ email: '' }, 'email'],
    [{ billing: { ...addr, postcode: '123' } }, 'billing.postcode'],
    [{ shipping: { ...addr, country: 'AT', postcode: '04109' } }, 'shipping.postcode'],
    [{ billing: { ...addr, email: 'kaputt' } }, 'billing.email'],
    [{ billing: { ...addr, phone: '12' } }, 'billing.phone'],
  ])('%o is refused at %s', (change, field) => {
    const formats = { DE: '\\d{5}', AT: '\\d{4}' };
    expect(Object.keys(toCustomerPayload({ ...formFromCustomer(customer), ...change }, formats).errors)).toEqual([field]);
  });
});
