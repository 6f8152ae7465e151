import type { ProductData } from '../lib/types';

export interface Badges {
  sale: boolean;
  outOfStock: boolean;
}

/** Listing badges: out of stock wins over sale (a sold-out offer is no offer). */
export function listingBadges(p: Pick<ProductData, 'on_sale' | 'is_in_stock'>): Badges {
  if (!p.is_in_stock) return { sale: false, outOfStock: true };
  return { sale: p.on_sale, outOfStock: false };
}
