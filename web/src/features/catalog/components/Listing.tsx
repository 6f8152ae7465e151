import type { CategoryNode, CardData } from '../../../lib/types';
import { ProductGrid } from '../../../components/ProductCard';
import { t, tn } from '../../../lib/i18n';
import { SidebarTree, type SidebarTreeNode } from '../../../components/SidebarTree';

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

export function Listing({ title, description, products, pagination, categories, current, orderby, shippingPage }: Props) {
  const pageHref = (n: number): string => {
    const path = n <= 1 ? pagination.base : `${pagination.base}page/${n}/`;
    return orderby ? `${path}?orderby=${encodeURIComponent(orderby)}` : path;
  };
  return (
    <div className="listing">
      <div className="listing__main">
        <h1>{title}</h1>
        {description && <p className="listing__description">{description}</p>}
        <form className="listing__toolbar" method="get" action={pagination.base}>
          <p>{tn('%d product', '%d products', pagination.total)}</p>
          <label>
            <span className="visually-hidden">{t('Sort')}</span>
            <select name="orderby" defaultValue={orderby} onChange={(e) => e.currentTarget.form?.submit()}>
              {SORTS.map(([v, label]) => (
                <option key={v} value={v}>
                  {t(label)}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit">{t('Sort')}</button>
          </noscript>
        </form>
        <ProductGrid products={products} shippingPage={shippingPage} eagerCount={4} />
        {pagination.totalPages > 1 && (
          <nav className="pagination" aria-label={t('Pages')}>
            {Array.from({ length: pagination.totalPages }, (_, i) => i + 1).map((n) => (
              <a key={n} href={pageHref(n)} aria-current={n === pagination.page ? 'page' : undefined}>
                {n}
              </a>
            ))}
          </nav>
        )}
      </div>
      {/* After the products in the document: on phones it stands below them, and a page still
          arriving never shows it above products that push it down as they come in (a layout shift). */}
      <aside className="listing__sidebar" aria-label={t('Product categories')}>
        <h2>{t('Product categories')}</h2>
        <SidebarTree
          nodes={toTree(categories)}
          isCurrent={(n) => current !== null && categories.length > 0 && n.href === hrefOf(categories, current)}
        />
      </aside>
    </div>
  );
}
