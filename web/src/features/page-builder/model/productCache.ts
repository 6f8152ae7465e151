/**
 * A product widget's products, by its setting: what visitors' pages need of the editor's product
 * cache (the rest, for the editor only, is `preview.ts`).
 */
import type { CardData, Widget } from '../../../lib/types';

export const PRODUCT_WIDGETS: readonly string[] = ['product_grid', 'product_carousel'];

/** Products per product-widget setting. */
export type ProductCache = Record<string, CardData[]>;

/** What decides a product widget's products: its source, category, ids and limit (not its title or carousel). */
export function productKey(w: Widget): string | null {
  if (!PRODUCT_WIDGETS.includes(w.type)) return null;
  return JSON.stringify([w['source'] ?? 'newest', w['category'] ?? null, Array.isArray(w['ids']) ? w['ids'] : null, w['limit'] ?? null]);
}

/** A product widget with the products known for its setting (unknown: as it is). */
export function withProducts(w: Widget, cache: ProductCache): Widget {
  const key = productKey(w);
  return key !== null && cache[key] ? { ...w, products: cache[key] } : w;
}
