import type { VariationData } from '../../../app/types';

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
