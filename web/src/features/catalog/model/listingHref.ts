/**
 * A page of the list, keeping the search words and the order. Written without
 * `URLSearchParams`, which the server's QuickJS renderer does not have.
 */
export function listingHref(base: string, page: number, search: string, orderby: string): string {
  const path = page <= 1 ? base : `${base}page/${page}/`;
  const query: string[] = [];
  if (search) query.push(`s=${encodeURIComponent(search)}`);
  if (orderby) query.push(`orderby=${encodeURIComponent(orderby)}`);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}
