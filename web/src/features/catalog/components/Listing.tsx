import { useState } from 'react';
import type { CategoryNode, CardData } from '../../../lib/types';
import { ProductGrid } from '../../../components/ProductCard';
import { FILTER_DRAWER_MAX_WIDTH, SEARCH_MAX_CHARS } from '../../../config/constants';
import { t, tn } from '../../../lib/i18n';
import type { ListingFilterView } from '../../../generated/wire';
import { listingHref, listingQuery } from '../model/listingHref';
import { pageLinks } from '../model/pageLinks';
import { FilterDrawer } from './FilterDrawer';
import { Filters } from './Filters';
import { SidebarTree, type SidebarTreeNode } from '../../../components/SidebarTree';
import { Options } from '../../../components/Options';

function toTree(nodes: CategoryNode[]): SidebarTreeNode[] {
  return nodes.map((n) => ({
    id: n.id,
    title: n.name,
    href: n.href,
    extra: <span className="count"> ({n.count})</span>,
    children: toTree(n.children),
  }));
}

const SORTS: Array<[string, string]> = [
  ['', 'Default sorting'],
  ['popularity', 'Sort by popularity'],
  ['rating', 'Sort by average rating'],
  ['date', 'Sort by latest'],
  ['price', 'Sort by price: low to high'],
  ['price-desc', 'Sort by price: high to low'],
];

interface Props {
  title: string;
  description: string;
  products: CardData[];
  pagination: { page: number; totalPages: number; total: number; base: string };
  categories: CategoryNode[];
  current: string | null;
  orderby: string;
  /** The search words, empty when the list is not a search. */
  search: string;
  filter: ListingFilterView;
  shippingPage: string;
}

/** The link of the category with this slug, anywhere in the tree. */
function hrefOf(nodes: CategoryNode[], slug: string): string | null {
  for (const n of nodes) {
    if (n.slug === slug) return n.href;
    const inner = hrefOf(n.children, slug);
    if (inner) return inner;
  }
  return null;
}

/** The shop's product search: a GET form, so it works before (and without) the scripts. */
function SearchForm({ search }: { search: string }) {
  return (
    <form className="listing__search" role="search" method="get" action="/shop/">
      <label htmlFor="listing-search">{t('Search products')}</label>
      <input id="listing-search" type="search" name="s" defaultValue={search} maxLength={SEARCH_MAX_CHARS} />
      <button type="submit" className="button">
        {t('Search')}
      </button>
    </form>
  );
}

/** A search without results: what was searched, and where to go on. */
function NoResults({ search, categories }: { search: string; categories: CategoryNode[] }) {
  return (
    <div className="listing__empty" role="status">
      <p>{t('No products were found matching “%s”.', search)}</p>
      <p>{t('Check the spelling, try a more general word, or browse the categories:')}</p>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <a href={c.href}>{c.name}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Listing({ title, description, products, pagination, categories, current, orderby, search, filter, shippingPage }: Props) {
  const pageHref = (n: number): string => listingHref(pagination.base, n, listingQuery(search, orderby, filter));
  // Mounted at the first opening and kept: closing hands the focus back to the link.
  const [drawerMounted, setDrawerMounted] = useState(false);
  const [drawer, setDrawer] = useState(false);
  return (
    <div className="listing">
      <div className="listing__main">
        <h1>{title}</h1>
        {description && <p className="listing__description">{description}</p>}
        <form className="listing__toolbar" method="get" action={pagination.base}>
          {listingQuery(search, '', filter).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {/* The heading of the cards (each an h3) below the page's h1. */}
          <h2 className="listing__count">{tn('%d product', '%d products', pagination.total)}</h2>
          <a
            className="listing__filter-link"
            href="#filter"
            aria-haspopup="dialog"
            onClick={(e) => {
              // With scripts, a drawer; without, the link leads down to the form.
              if (window.matchMedia(`(max-width: ${FILTER_DRAWER_MAX_WIDTH}px)`).matches) {
                e.preventDefault();
                setDrawerMounted(true);
                setDrawer(true);
              }
            }}
          >
            {t('Filter')}
          </a>
          <label>
            <span className="visually-hidden">{t('Sort')}</span>
            <select name="orderby" defaultValue={orderby} onChange={(e) => e.currentTarget.form?.submit()}>
              <Options table={SORTS} />
            </select>
          </label>
          <noscript>
            <button type="submit">{t('Sort')}</button>
          </noscript>
        </form>
        {search && products.length === 0 && <NoResults search={search} categories={categories} />}
        <ProductGrid products={products} shippingPage={shippingPage} eagerCount={4} />
        {pagination.totalPages > 1 && (
          <nav className="pagination" aria-label={t('Pages')}>
            {pagination.page > 1 && (
              <a href={pageHref(pagination.page - 1)} rel="prev" aria-label={t('Previous page')}>
                ←
              </a>
            )}
            {pageLinks(pagination.page, pagination.totalPages).map((l, i) =>
              'page' in l ? (
                <a key={l.page} href={pageHref(l.page)} aria-current={l.page === pagination.page ? 'page' : undefined}>
                  {l.page}
                </a>
              ) : (
                <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
                  …
                </span>
              ),
            )}
            {pagination.page < pagination.totalPages && (
              <a href={pageHref(pagination.page + 1)} rel="next" aria-label={t('Next page')}>
                →
              </a>
            )}
          </nav>
        )}
      </div>
      {drawerMounted && (
        <FilterDrawer
          open={drawer}
          onClose={() => setDrawer(false)}
          filter={filter}
          action={pagination.base}
          search={search}
          orderby={orderby}
        />
      )}
      {/* After the products in the document: on phones it stands below them, and a page still
          arriving never shows it above products that push it down as they come in (a layout shift). */}
      <aside className="listing__sidebar" aria-label={t('Product categories')}>
        <SearchForm search={search} />
        <Filters filter={filter} action={pagination.base} search={search} orderby={orderby} />
        <h2>{t('Product categories')}</h2>
        <SidebarTree
          nodes={toTree(categories)}
          isCurrent={(n) => current !== null && categories.length > 0 && n.href === hrefOf(categories, current)}
        />
      </aside>
    </div>
  );
}
