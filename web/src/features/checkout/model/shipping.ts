/**
 * The shipping methods a cart is offered (Store API `shipping_rates`), as the checkout lists
 * them: what each costs as the cart would charge it, which is taken, which is pickup.
 */
import type { Cart } from '../../../lib/cart/cart';

export interface ShippingOption {
  id: string;
  name: string;
  /** What the cart would charge for it, in cents (net for a tax-free export, as the totals). */
  price: number;
  selected: boolean;
  /** The shopper collects the goods at the shop: no delivery address. */
  pickup: boolean;
  /** For pickup: the opening hours (may be empty). */
  hours: string;
}

const cents = (v: string): number => (/^-?\d+$/.test(v) ? Number(v) : 0);

/** The cart's one package's rates; none for a cart that ships nothing. */
export function shippingOptions(cart: Pick<Cart, 'shipping_rates'>): ShippingOption[] {
  const rates = cart.shipping_rates[0]?.shipping_rates ?? [];
  return rates.map((r) => ({
    id: r.rate_id,
    name: r.name,
    price: cents(r.price) + cents(r.taxes),
    selected: r.selected,
    pickup: r.method_id === 'local_pickup',
    hours: r.method_id === 'local_pickup' ? r.description : '',
  }));
}

/** Whether the cart ships but no method takes it to its country (too heavy for every one). */
export function undeliverable(cart: Pick<Cart, 'shipping_rates' | 'needs_shipping'>): boolean {
  return cart.needs_shipping && cart.shipping_rates.length > 0 && shippingOptions(cart).length === 0;
}

/** Whether the shopper chose to collect the goods. */
export function collects(cart: Pick<Cart, 'shipping_rates'>): boolean {
  return shippingOptions(cart).some((o) => o.selected && o.pickup);
}
