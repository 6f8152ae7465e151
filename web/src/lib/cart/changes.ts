import { announce } from '../announce';
import { formatMoney } from '../format/money';
import { t } from '../i18n';
import { germanQuantity } from '../quantity/spinner';
import { currentCart, type Cart } from './cart';

/** The goods' gross total in cents (another Store API server sends no `extensions.laden`). */
export function itemsGross(cart: Cart): number {
  const gross = cart.totals.extensions?.laden?.total_items_gross;
  return gross !== undefined ? Number(gross) : Number(cart.totals.total_items) + Number(cart.totals.total_items_tax);
}

type Line = Pick<Cart['items'][number], 'key' | 'name' | 'quantity'>;

/**
 * What a screen reader says after a cart change (WCAG 4.1.3): the lines that came, went or
 * changed their quantity, then the cart's count and goods total. Empty when nothing changed.
 */
export function describeCartChange(before: { items: Line[] } | null, after: { items: Line[]; items_count: number }, total: number): string {
  const old = new Map((before?.items ?? []).map((i) => [i.key, i]));
  const added: Line[] = [];
  const changed: Line[] = [];
  for (const item of after.items) {
    const was = old.get(item.key);
    if (!was) added.push(item);
    else if (was.quantity !== item.quantity) changed.push(item);
    old.delete(item.key);
  }
  const removed = [...old.values()];
  const parts: string[] = [];
  if (added.length === 1 && added[0]) parts.push(t('“%s” has been added to your cart.', added[0].name));
  else if (added.length > 1) parts.push(t('The products have been added to your cart.'));
  for (const item of changed) parts.push(t('Quantity of “%1$s” changed to %2$s.', item.name, germanQuantity(item.quantity)));
  for (const item of removed) parts.push(t('“%s” removed.', item.name));
  if (parts.length === 0) return '';
  parts.push(
    after.items_count === 0
      ? t('Your cart is currently empty.')
      : t('Cart: %1$s items, %2$s.', germanQuantity(after.items_count), formatMoney(total)),
  );
  return parts.join(' ');
}

/** Runs a cart change and announces what it changed (lib/announce). */
export async function changeCart(op: () => Promise<Cart>): Promise<Cart> {
  const before = currentCart();
  const after = await op();
  announce(describeCartChange(before, after, itemsGross(after)));
  return after;
}
