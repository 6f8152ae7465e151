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
