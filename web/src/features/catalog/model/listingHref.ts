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
