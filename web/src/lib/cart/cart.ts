import { useSyncExternalStore } from 'react';
import type { UnitPriceData } from '../types';
import { storeApi } from '../rest/store';

export interface CartItem {
  key: string;
  id: number;
  quantity: number;
  quantity_limits: { minimum: number; maximum: number };
  name: string;
  sku: string;
  permalink: string;
  images: Array<{ thumbnail: string; alt: string }>;
  variation: Array<{ attribute: string; value: string }>;
  prices: { price: string; regular_price: string };
  extensions: { laden?: { tax_rate: number; line_total_gross: string; unit_price?: UnitPriceData | null; delivery_time?: string } };
}

export interface CartCoupon {
  code: string;
  totals: { total_discount: string; total_discount_tax: string };
  extensions?: { laden?: { total_discount_gross: string } };
}

export interface Cart {
  items: CartItem[];
  items_count: number;
  /** Coupons that apply (WooCommerce's Store API shape; older answers may lack it). */
  coupons?: CartCoupon[];
  /** The delivery country the totals are computed for. */
  shipping_address?: { country?: string };
  totals: {
    total_items: string;
    total_items_tax: string;
    total_shipping: string;
    total_shipping_tax: string;
    total_price: string;
    total_tax: string;
    tax_lines: Array<{ name: string; price: string; rate: string }>;
    extensions?: { laden?: { total_items_gross: string; total_shipping_gross: string; total_discount_gross?: string } };
  };
}

/** A line's gross total in cents (the Store API's line totals are net). */
export function lineTotal(item: CartItem): number {
  return Number(item.extensions.laden?.line_total_gross ?? Number(item.prices.price) * item.quantity);
}

/** Each coupon with what it takes off the goods, gross, in cents (the Store API's amounts are net). */
export function couponDiscounts(cart: Cart): Array<{ code: string; amount: number }> {
  return (cart.coupons ?? []).map((c) => ({
    code: c.code,
    amount: c.extensions?.laden
      ? Number(c.extensions.laden.total_discount_gross)
      : Number(c.totals.total_discount) + Number(c.totals.total_discount_tax),
  }));
}

/** Checks a Store API cart at the edge. */
export function parseCart(raw: unknown): Cart {
  const c = raw as Partial<Cart> | null;
  if (!c || !Array.isArray(c.items) || typeof c.items_count !== 'number' || typeof c.totals?.total_price !== 'string') {
    throw new Error('unexpected cart response');
  }
  return c as Cart;
}

interface CartState {
  cart: Cart | null;
  busy: boolean;
}

let state: CartState = { cart: null, busy: false };
const listeners = new Set<() => void>();

function set(next: Partial<CartState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

const serverState: CartState = { cart: null, busy: false };

/** The visitor's cart, read after hydration (never part of cached HTML). */
export function useCart(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}

async function run(op: () => Promise<Cart>): Promise<Cart> {
  set({ busy: true });
  try {
    const cart = await op();
    set({ cart, busy: false });
    return cart;
  } catch (e) {
    set({ busy: false });
    throw e;
  }
}

export const loadCart = (): Promise<Cart> => run(() => storeApi('/cart', parseCart));

export const addToCart = (id: number, quantity: number, variation: Array<{ attribute: string; value: string }> = []): Promise<Cart> =>
  run(() => storeApi('/cart/add-item', parseCart, { method: 'POST', body: { id, quantity, variation } }));

export const updateCartItem = (key: string, quantity: number): Promise<Cart> =>
  run(() => storeApi('/cart/update-item', parseCart, { method: 'POST', body: { key, quantity } }));

export const removeCartItem = (key: string): Promise<Cart> =>
  run(() => storeApi('/cart/remove-item', parseCart, { method: 'POST', body: { key } }));

export const applyCoupon = (code: string): Promise<Cart> =>
  run(() => storeApi('/cart/apply-coupon', parseCart, { method: 'POST', body: { code } }));

export const removeCoupon = (code: string): Promise<Cart> =>
  run(() => storeApi('/cart/remove-coupon', parseCart, { method: 'POST', body: { code } }));

/** Prices the cart for a delivery country (its shipping zone's rate). */
export const setCartCountry = (country: string): Promise<Cart> =>
  run(() => storeApi('/cart/update-customer', parseCart, { method: 'POST', body: { shipping_address: { country } } }));

/** After an order the server starts the cart over; reflect that without a round trip. */
export function clearCartState(): void {
  set({ cart: null });
}
