import { useSyncExternalStore } from 'react';
import type { CartCoupon as WireCartCoupon, CartItem as WireCartItem, StoreCart } from '../../generated/wire';
import { storeApi } from '../rest/store';

/** A cart line, a coupon and the cart as the Store API answers them (generated from the server's types). */
export type CartItem = WireCartItem;
export type CartCoupon = WireCartCoupon;
export type Cart = StoreCart;

/** A line's gross total in cents (the Store API's line totals are net). */
/** A variation's options as sold, as the shop names them on a line: "Farbe: Rot, Größe: M". */
export function choicesText(choices: ReadonlyArray<{ attribute: string; value: string }>): string {
  return choices.map((c) => `${c.attribute}: ${c.value}`).join(', ');
}

export function lineTotal(item: CartItem): number {
  return Number(item.extensions.laden?.line_total_gross ?? Number(item.prices.price) * item.quantity);
}

/** What `couponDiscounts` reads of a cart: another Store API server's coupons carry no `extensions.laden`. */
export interface CouponsOf {
  coupons?: Array<Pick<CartCoupon, 'code' | 'totals'> & { extensions?: Partial<CartCoupon['extensions']> }>;
}

/** Each coupon with what it takes off the goods, gross, in cents (the Store API's amounts are net). */
export function couponDiscounts(cart: CouponsOf): Array<{ code: string; amount: number }> {
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

/** The cart as last answered (null before the first answer). */
export const currentCart = (): Cart | null => state.cart;

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

/** A Store API cart change: POSTs `body` to `path`, the answer is the cart. */
export const post = (path: string, body: object): Promise<Cart> => run(() => storeApi(path, parseCart, { method: 'POST', body }));

export const addToCart = (id: number, quantity: number, variation: Array<{ attribute: string; value: string }> = []): Promise<Cart> =>
  post('/cart/add-item', { id, quantity, variation });

export const updateCartItem = (key: string, quantity: number): Promise<Cart> => post('/cart/update-item', { key, quantity });

export const removeCartItem = (key: string): Promise<Cart> => post('/cart/remove-item', { key });

/** After an order the server starts the cart over; reflect that without a round trip. */
export function clearCartState(): void {
  set({ cart: null });
}
