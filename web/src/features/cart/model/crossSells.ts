/** The cross-sells a cart suggests: its products' cross-sells, in the cart's order, without what it holds already. */

import { CROSS_SELLS_MAX } from '../../../config/constants';

export function crossSellIds(
  items: ReadonlyArray<{ id: number; parent: number; cross_sell_ids: readonly number[] }>,
  max = CROSS_SELLS_MAX,
): number[] {
  const held = new Set(items.flatMap((i) => [i.id, i.parent]));
  const out: number[] = [];
  for (const item of items) {
    for (const id of item.cross_sell_ids) {
      if (out.length >= max) return out;
      if (!held.has(id) && !out.includes(id)) out.push(id);
    }
  }
  return out;
}
