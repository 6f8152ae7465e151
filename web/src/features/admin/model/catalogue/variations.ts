/** Variation maths of the product editor: which option combinations exist and which are missing. */

export interface AttributeRow {
  name: string;
  options: string[];
  variation: boolean;
}

/** One combination: attribute name → option. */
export type Combination = Record<string, string>;

/** Every combination of the options of the attributes used for variations, in attribute order. */
export function combinations(attributes: readonly AttributeRow[]): Combination[] {
  const used = attributes.filter((a) => a.variation && a.name.trim() !== '' && a.options.length > 0);
  if (used.length === 0) return [];
  let out: Combination[] = [{}];
  for (const a of used) {
    const next: Combination[] = [];
    for (const c of out) for (const o of a.options) next.push({ ...c, [a.name.trim()]: o });
    out = next;
  }
  return out;
}

/** A stable key for a combination (names compared case-insensitively, as the server does). */
export function combinationKey(c: Combination): string {
  return Object.keys(c)
    .map((k) => `${k.toLowerCase()}=${(c[k] ?? '').toLowerCase()}`)
    .sort()
    .join('&');
}

/** The combinations not yet covered by `existing`. */
export function missingCombinations(attributes: readonly AttributeRow[], existing: readonly Combination[]): Combination[] {
  const have = new Set(existing.map(combinationKey));
  return combinations(attributes).filter((c) => !have.has(combinationKey(c)));
}

/** "250 g, 1 kg , ,500 g" → ["250 g", "1 kg", "500 g"] (duplicates dropped). */
export function parseOptions(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,|]/)) {
    const o = raw.trim();
    if (o !== '' && !seen.has(o.toLowerCase())) {
      seen.add(o.toLowerCase());
      out.push(o);
    }
  }
  return out;
}
