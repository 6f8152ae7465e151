import type { CategoryNode, ProductData } from '../../../app/types';
import { ProductGrid } from '../../../components/ProductCard';
import { t, tn } from '../../../lib/i18n';

function Tree({ nodes, current }: { nodes: CategoryNode[]; current: string | null }) {
  return (
    <ul>
      {nodes.map((n) => (
        <li key={n.id} className={n.slug === current ? 'is-current' : undefined}>
          <a href={n.href} aria-current={n.slug === current ? 'page' : undefined}>
            {n.name} <span className="count">({n.count})</span>
          </a>
          {n.children.length > 0 && <Tree nodes={n.children} current={current} />}
        </li>
      ))}
    </ul>
  );
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
  products: ProductData[];
  pagination: { page: number; totalPages: number; total: number; base: string };
  categories: CategoryNode[];
  current: string | null;
  orderby: string;
  shippingPage: string;
}

export function Listing({ title, description, products, pagination, categories, current, orderby, shippingPage }: Props) {
  const pageHref = (n: number): string => {
    const path = n <= 1 ? pagination.base : `${pagination.base}page/${n}/`;
    return orderby ? `${path}?orderby=${encodeURIComponent(orderby)}` : path;
  };
  return (
    <div className="listing">
      <aside className="listing__sidebar" aria-label={t('Product categories')}>
        <h2>{t('Product categories')}</h2>
        <Tree nodes={categories} current={current} />
      </aside>
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
    </div>
  );
}
