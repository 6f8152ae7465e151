/** The customer screen's form: names, e-mail and both addresses, checked as the server checks them. */
import { t } from '../../../../lib/i18n';
import { isEmail, isPhone, isPostcode, type PostcodeFormats } from '../../../../lib/address/validate';
import type { WcCustomer as WireCustomer } from '../../../../generated/wire';
import type { WcAddress } from '../types';

/** The fields of a wc/v3 customer the screen reads. */
export type WcCustomer = Pick<
  WireCustomer,
  'id' | 'email' | 'first_name' | 'last_name' | 'orders_count' | 'total_spent' | 'date_created'
> & { billing: WcAddress; shipping: WcAddress };

export interface CustomerForm {
  email: string;
  firstName: string;
  lastName: string;
  billing: WcAddress;
  shipping: WcAddress;
}

export const ADDRESS_KEYS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'postcode',
  'city',
  'country',
  'email',
  'phone',
] as const;

const address = (a: Partial<WcAddress> | undefined): WcAddress =>
  Object.fromEntries(ADDRESS_KEYS.map((k) => [k, typeof a?.[k] === 'string' ? a[k] : ''])) as unknown as WcAddress;

export function formFromCustomer(c: WcCustomer): CustomerForm {
  return { email: c.email, firstName: c.first_name, lastName: c.last_name, billing: address(c.billing), shipping: address(c.shipping) };
}

/** Format problems of the filled-in address fields, keyed like the server's (`billing.postcode`). */
function addressProblems(a: WcAddress, prefix: 'billing' | 'shipping', postcodes: PostcodeFormats, errors: Record<string, string>): void {
  const v = (k: keyof WcAddress) => a[k].trim();
  if (v('postcode') !== '' && v('country') !== '' && !isPostcode(postcodes[v('country')], v('postcode')))
    errors[`${prefix}.postcode`] = t('Please enter a valid postcode.');
  if (v('email') !== '' && !isEmail(v('email'))) errors[`${prefix}.email`] = t('Please enter a valid email address.');
  if (v('phone') !== '' && !isPhone(v('phone'))) errors[`${prefix}.phone`] = t('Please enter a valid phone number.');
}

/** The wc/v3 customer payload, or the form's errors by field; postcodes by the delivery countries' formats. */
export function toCustomerPayload(
  form: CustomerForm,
  postcodes: PostcodeFormats = {},
): { payload: Record<string, unknown>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!isEmail(form.email.trim())) errors['email'] = t('Please enter a valid email address.');
  addressProblems(form.billing, 'billing', postcodes, errors);
  addressProblems(form.shipping, 'shipping', postcodes, errors);
  const trim = (a: WcAddress) => Object.fromEntries(ADDRESS_KEYS.map((k) => [k, a[k].trim()]));
  return {
    payload: {
      email: form.email.trim(),
      first_name: form.firstName.trim(),
      last_name: form.lastName.trim(),
      billing: trim(form.billing),
      shipping: trim(form.shipping),
    },
    errors,
  };
}
