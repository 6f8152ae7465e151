import type { ListingFilterView } from '../../../generated/wire';

/** The parameters a listing's address carries: search words, order, filters (in this order). */
export function listingQuery(search: string, orderby: string, filter?: ListingFilterView): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (search) out.push(['s', search]);
  if (orderby) out.push(['orderby', orderby]);
  if (filter) {
    if (filter.minPrice !== null) out.push(['min_price', String(filter.minPrice)]);
    if (filter.maxPrice !== null) out.push(['max_price', String(filter.maxPrice)]);
    if (filter.inStock) out.push(['stock', 'instock']);
    if (filter.onSale) out.push(['sale', '1']);
    for (const a of filter.attributes) {
      const chosen = a.terms.filter((x) => x.selected).map((x) => x.slug);
      if (chosen.length > 0) out.push([`filter_${a.slug}`, chosen.join(',')]);
    }
  }
  return out;
}

/** A form's choices with each attribute's terms as one list (`filter_farbe=weiss,schwarz`), in the place of the first. */
export function joinTerms(pairs: Array<[string, string]>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of pairs) {
    const same = k.startsWith('filter_') ? out.find(([x]) => x === k) : undefined;
    if (same) same[1] = `${same[1]},${v}`;
    else out.push([k, v]);
  }
  return out;
}

/**
 * A page of the list, keeping its parameters. Written without `URLSearchParams`, which the
 * server's QuickJS renderer does not have.
 */
export function listingHref(base: string, page: number, query: Array<[string, string]>): string {
  const path = page <= 1 ? base : `${base}page/${page}/`;
  const text = query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return text ? `${path}?${text}` : path;
}
