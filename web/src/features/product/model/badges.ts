/**
 * Variation badges (spec §4 "Variation badges"): which of the sale and
 * out-of-stock badges a variable product shows, as its variations form changes.
 */
import type { Badges } from '../../../components/badges';

type Variation = { is_in_stock: boolean; display_price: number; display_regular_price: number };

/** A variation is on sale when its shown price differs from its regular price. */
export const variationOnSale = (v: Variation): boolean => v.display_price !== v.display_regular_price;

/** What happened in the variations form. */
export type BadgeEvent =
  /** variation_id is 0: no (complete) variation is chosen. */
  | { kind: 'none' }
  | { kind: 'selected'; variation: Variation }
  /** A select was set back to its empty option. */
  | { kind: 'cleared' };

/** On load: with no variation in stock, no sale badge and the out-of-stock badge; otherwise the product's own. */
export function badgesOnLoad(variations: Variation[], productOnSale: boolean): Badges {
  if (!variations.some((v) => v.is_in_stock)) return { sale: false, outOfStock: true };
  return { sale: productOnSale, outOfStock: false };
}

/** The badges after an event; whatever a rule does not mention stays as it was. */
export function badgesAfter(current: Badges, event: BadgeEvent, variations: Variation[]): Badges {
  switch (event.kind) {
    case 'none':
      if (!variations.some((v) => v.is_in_stock)) return { ...current, outOfStock: true };
      if (variations.some(variationOnSale)) return { sale: true, outOfStock: false };
      return current;
    case 'selected':
      return event.variation.is_in_stock
        ? { sale: variationOnSale(event.variation), outOfStock: false }
        : { sale: false, outOfStock: true };
    case 'cleared':
      return { ...current, outOfStock: false };
  }
}
