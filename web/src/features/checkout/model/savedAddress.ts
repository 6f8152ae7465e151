/**
 * A logged-in customer's checkout starts with the addresses of their last order
 * (`GET /laden/v1/session`): the server's answer read defensively, and a saved address laid
 * into the form without overwriting anything the customer has typed meanwhile.
 */
import type { Address, VisitorSession } from '../../../generated/wire';
import { emptyAddress, type AddressForm } from '../../../lib/address/validate';

const ANONYMOUS: VisitorSession = { logged_in: false, name: null, billing: null, shipping: null };

const isAddress = (v: unknown): v is Address => typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string');

/** The session answer, or a visitor's when it is not one. */
export function parseVisitorSession(raw: unknown): VisitorSession {
  if (typeof raw !== 'object' || raw === null) return ANONYMOUS;
  const r = raw as Record<string, unknown>;
  if (r['logged_in'] !== true) return ANONYMOUS;
  return {
    logged_in: true,
    name: typeof r['name'] === 'string' ? r['name'] : null,
    billing: isAddress(r['billing']) ? r['billing'] : null,
    shipping: isAddress(r['shipping']) ? r['shipping'] : null,
  };
}

/**
 * `form` with every field still at its starting value (empty, the country Germany) taken from
 * `saved` where that has one; fields the customer has changed stay as they are.
 */
export function withSavedAddress(form: AddressForm, saved: Address | null): AddressForm {
  if (!saved) return form;
  const start = emptyAddress();
  const out = { ...form };
  for (const key of Object.keys(start) as Array<keyof AddressForm>) {
    const value = saved[key].trim();
    if (value !== '' && form[key] === start[key]) out[key] = value;
  }
  return out;
}
