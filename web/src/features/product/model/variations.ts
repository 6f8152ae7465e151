import { formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import type { VariationData } from '../../../lib/types';

export type Choice = Record<string, string>;

/** The variation matching every chosen attribute; an empty variation value means "any". */
export function findVariation(variations: VariationData[], choice: Choice, attributeNames: string[]): VariationData | null {
  if (attributeNames.some((n) => !choice[n])) return null;
  return (
    variations.find((v) =>
      attributeNames.every((name) => {
        const own = v.attributes[name];
        return own === undefined || own === '' || own === choice[name];
      }),
    ) ?? null
  );
}

/** Options of `name` that some variation still offers given the other choices. */
export function availableOptions(variations: VariationData[], choice: Choice, name: string, options: string[]): Set<string> {
  const others = Object.entries(choice).filter(([k, v]) => k !== name && v);
  return new Set(
    options.filter((opt) =>
      variations.some((v) => {
        const own = v.attributes[name];
        if (own && own !== opt) return false;
        return others.every(([k, val]) => !v.attributes[k] || v.attributes[k] === val);
      }),
    ),
  );
}

/** Variations consistent with a (possibly partial) choice. */
export function matchingVariations(variations: VariationData[], choice: Choice, attributeNames: string[]): VariationData[] {
  return variations.filter((v) =>
    attributeNames.every((name) => {
      const chosen = choice[name];
      const own = v.attributes[name];
      return !chosen || !own || own === chosen;
    }),
  );
}

/**
 * The variation whose media the gallery shows: the chosen one; or, before the
 * choice is complete, the first match when every matching variation shares one
 * image (beyond the spec: the picture follows a partial choice).
 */
export function galleryVariation(variations: VariationData[], choice: Choice, attributeNames: string[]): VariationData | null {
  const exact = findVariation(variations, choice, attributeNames);
  if (exact) return exact;
  if (!attributeNames.some((n) => choice[n])) return null;
  const matches = matchingVariations(variations, choice, attributeNames);
  const first = matches[0];
  if (!first || first.image_id === 0) return null;
  return matches.every((v) => v.image_id === first.image_id) ? first : null;
}

/** A variation's availability as the product form shows it. */
export function variationStock(v: Pick<VariationData, 'is_in_stock' | 'low_stock_remaining'>): string {
  if (!v.is_in_stock) return t('Out of stock');
  return v.low_stock_remaining !== null ? t('Only %d left in stock', v.low_stock_remaining) : t('In stock');
}

/**
 * What a screen reader hears when the shopper's choice changes (WCAG 4.1.3, as WooCommerce's
 * variation form speaks through wp.a11y): the chosen variation with its price and availability,
 * or that the complete choice has none; nothing while the choice is incomplete.
 */
export function variationAnnouncement(variations: VariationData[], choice: Choice, attributeNames: string[]): string {
  if (attributeNames.some((n) => !choice[n])) return '';
  const found = findVariation(variations, choice, attributeNames);
  if (!found) return t('Sorry, no products matched your selection. Please choose a different combination.');
  return t(
    'Chosen: %1$s – %2$s. %3$s.',
    attributeNames.map((n) => choice[n]).join(' / '),
    formatMoney(found.display_price),
    variationStock(found),
  );
}
