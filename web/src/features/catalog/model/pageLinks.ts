/**
 * The page links a listing shows, as WordPress's `paginate_links` (WooCommerce's shop) shows
 * them: the first and last page, the current one with two on either side, and a gap where
 * pages are left out. A catalogue of any size gets at most nine links, not one per page.
 */
export type PageLink = { page: number } | { gap: true };

/** Pages on either side of the current one (`mid_size`) and at either end (`end_size`). */
const AROUND = 2;
const ENDS = 1;

export function pageLinks(current: number, total: number): PageLink[] {
  const out: PageLink[] = [];
  let gap = false;
  for (let n = 1; n <= total; n++) {
    const shown = n <= ENDS || n > total - ENDS || Math.abs(n - current) <= AROUND;
    if (shown) {
      out.push({ page: n });
      gap = false;
    } else if (!gap) {
      out.push({ gap: true });
      gap = true;
      // Skip to the next page that shows: the loop costs the links, not the pages.
      n = n < current ? current - AROUND - 1 : total - ENDS;
    }
  }
  return out;
}
