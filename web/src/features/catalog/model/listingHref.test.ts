import { describe, expect, it } from 'vitest';
import { listingHref } from './listingHref';

describe('listingHref', () => {
  it.each([
    ['/shop/', 1, '', '', '/shop/'],
    ['/shop/', 2, '', '', '/shop/page/2/'],
    ['/shop/', 1, 'Tassen', '', '/shop/?s=Tassen'],
    ['/shop/', 3, 'Kaffee mühle', 'price', '/shop/page/3/?s=Kaffee%20m%C3%BChle&orderby=price'],
    ['/produkt-kategorie/tee/', 2, '', 'date', '/produkt-kategorie/tee/page/2/?orderby=date'],
  ])('%s page %d, search %j, order %j → %s', (base, page, search, orderby, want) => {
    expect(listingHref(base, page, search, orderby)).toBe(want);
  });
});
