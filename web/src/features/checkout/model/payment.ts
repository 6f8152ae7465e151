/**
 * The checkout's payment steps, without the page: what the Store API's `payment_result` asks of
 * the page next, what the payment method sends as `payment_data`, and which order a failed
 * payment left for the next try (so a second try pays the same order, never a second one).
 */

export interface PaymentDetail {
  key: string;
  value: string;
}

export interface PaymentResult {
  payment_status: string;
  payment_details: PaymentDetail[];
  redirect_url: string;
}

/** What the checkout and `checkout/{id}` answer. */
export interface Placed {
  order_id: number;
  order_key: string;
  payment_result: PaymentResult;
}

/** An order placed whose payment did not go through yet: the next try pays it. */
export interface UnpaidOrder {
  id: number;
  key: string;
}

export type Step =
  /** Paid, or nothing to pay online: the order's page. */
  | { kind: 'done'; redirect: string }
  /** The card's bank asks for 3-D Secure, completed by Stripe.js in the page. */
  | { kind: 'authenticate'; clientSecret: string }
  /** The direct debit's mandate, confirmed by Stripe.js with the IBAN. */
  | { kind: 'mandate'; setupSecret: string }
  /** The server began the payment and the page has nothing to do: ask the server again. */
  | { kind: 'check' };

function detail(r: PaymentResult, key: string): string {
  return r.payment_details.find((d) => d.key === key)?.value ?? '';
}

/** The page's next step after a `payment_result`. */
export function nextStep(r: PaymentResult): Step {
  if (r.payment_status === 'success') return { kind: 'done', redirect: r.redirect_url };
  const clientSecret = detail(r, 'stripe_client_secret');
  if (clientSecret) return { kind: 'authenticate', clientSecret };
  const setupSecret = detail(r, 'stripe_setup_secret');
  if (setupSecret) return { kind: 'mandate', setupSecret };
  return { kind: 'check' };
}

/** `payment_data` of a method: a card's Stripe.js token as the WooCommerce Stripe plugin names it. */
export function paymentData(method: string, cardToken: string | null): PaymentDetail[] {
  return method === 'stripe' && cardToken ? [{ key: 'stripe_source', value: cardToken }] : [];
}

/** The order a failed payment names (`data.order_id`, `data.order_key`), if any. */
export function unpaidOrder(data: unknown): UnpaidOrder | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  return typeof d['order_id'] === 'number' && typeof d['order_key'] === 'string' && d['order_key'] !== ''
    ? { id: d['order_id'], key: d['order_key'] }
    : null;
}

/** Where the order button posts: the new order, or the unpaid one tried again. */
export function checkoutPath(unpaid: UnpaidOrder | null): string {
  return unpaid ? `/checkout/${unpaid.id}` : '/checkout';
}

/** Checks an answer of the checkout, `checkout/{id}` or the payment's return. */
export function parsePlaced(raw: unknown): Placed {
  const r = raw as Partial<Placed> | null;
  const p = r?.payment_result;
  if (!r || typeof r.order_id !== 'number' || !p || typeof p.payment_status !== 'string' || !Array.isArray(p.payment_details))
    throw new Error('unexpected checkout response');
  return { order_id: r.order_id, order_key: typeof r.order_key === 'string' ? r.order_key : '', payment_result: p };
}
