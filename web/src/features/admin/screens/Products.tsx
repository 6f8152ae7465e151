import { useState, type ReactNode } from 'react';
import { formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { batchErrors } from '../../../lib/staff/staffApi';
import { useApi } from '../components/useApi';
import { Pager } from '../components/Pager';
import { SearchForm } from '../components/SearchForm';
import { useLoad } from '../components/useLoad';
import { errorMessage } from '../model/errors';
import { ADMIN_PATHS, productPath } from '../model/routes';
import { cents, type WcProduct } from '../model/types';
import { LISTED_STATUSES, productStatusLabel, STOCK_STATUSES } from '../model/choices';
import { Options } from '../../../components/Options';
import { LoadStatus } from '../components/LoadStatus';
import { TableHead } from '../../../components/TableHead';
import { StatusLine, type SaveStatus } from '../components/useSave';

const PER_PAGE = 20;

function stockText(p: WcProduct): string {
  if (p.stock_status === 'outofstock') return t('Out of stock');
  if (p.manage_stock && p.stock_quantity !== null) return t('In stock (%d)', p.stock_quantity);
  return p.stock_status === 'onbackorder' ? t('On backorder') : t('In stock');
}

/** Products with search, filters and bulk actions. */
export function Products() {
  const api = useApi();
  const [filters, setFilters] = useState<Filters>({ search: '', status: '', stock_status: '', category: '' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [action, setAction] = useState('');
  const [message, setMessage] = useState<SaveStatus>(null);
  const params = new URLSearchParams({ per_page: String(PER_PAGE), page: String(page) });
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  const [load, reload] = useLoad(() => api.products.page(params), params.toString());
  const setFilter = (k: keyof Filters, v: string) => {
    setFilters({ ...filters, [k]: v });
    setPage(1);
    setSelected([]);
  };
  const items = load.state === 'ready' ? load.value.items : [];

  async function applyBulk() {
    if (!action || selected.length === 0) return;
    setMessage(null);
    try {
      let failed: string[] = [];
      if (action === 'trash') {
        // Into the trash one by one (a batch delete would delete for good).
        for (const id of selected) await api.products.remove(id);
      } else {
        const res = await api.products.batch({ update: selected.map((id) => ({ id, status: action })) });
        failed = batchErrors(res.update);
      }
      setMessage(
        failed.length ? { error: true, text: failed.join(' ') } : { error: false, text: t('%d products changed.', selected.length) },
      );
      setSelected([]);
      reload();
    } catch (e) {
      setMessage({ error: true, text: errorMessage(e) });
    }
  }

  return (
    <>
      <h1>
        {t('Products')}{' '}
        <a className="button button--small" href={ADMIN_PATHS.newProduct}>
          {t('Add product')}
        </a>
      </h1>
      <ProductFilters filters={filters} setFilter={setFilter} />
      <div className="admin-toolbar">
        <label>
          {t('Bulk actions')}{' '}
          <select value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">—</option>
            <option value="publish">{t('Publish')}</option>
            <option value="draft">{t('Set to draft')}</option>
            <option value="trash">{t('Move to trash')}</option>
          </select>
        </label>
        <button type="button" className="button button--small" disabled={!action || selected.length === 0} onClick={applyBulk}>
          {t('Apply')}
        </button>
        <StatusLine status={message} />
      </div>
      <LoadStatus load={load} />
      {load.state === 'ready' && items.length === 0 && <p>{t('No products found.')}</p>}
      {items.length > 0 && <ProductTable items={items} selected={selected} setSelected={setSelected} />}
      {load.state === 'ready' && <Pager page={page} totalPages={load.value.totalPages} onPage={setPage} />}
    </>
  );
}

type Filters = { search: string; status: string; stock_status: string; category: string };

/** The list's search and its filters: status, stock and category. */
function ProductFilters({ filters, setFilter }: { filters: Filters; setFilter: (k: keyof Filters, v: string) => void }) {
  const api = useApi();
  const [cats] = useLoad(() => api.categories.all(), 'categories');
  return (
    <div className="admin-toolbar">
      <SearchForm label={t('Search products')} onSearch={(q) => setFilter('search', q)} />
      <Filter label={t('Status')} value={filters.status} onChange={(v) => setFilter('status', v)}>
        <Options table={LISTED_STATUSES} />
      </Filter>
      <Filter label={t('Stock')} value={filters.stock_status} onChange={(v) => setFilter('stock_status', v)}>
        <Options table={STOCK_STATUSES} />
      </Filter>
      <Filter label={t('Category')} value={filters.category} onChange={(v) => setFilter('category', v)}>
        {cats.state === 'ready' &&
          cats.value.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
      </Filter>
    </div>
  );
}

/** One filter of the list: a labelled select whose first choice, „Alle“, filters nothing. */
function Filter({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('All')}</option>
        {children}
      </select>
    </label>
  );
}

/** One page of products, each selectable for a bulk action. */
function ProductTable({ items, selected, setSelected }: { items: WcProduct[]; selected: number[]; setSelected: (ids: number[]) => void }) {
  return (
    <table className="admin-table">
      <TableHead
        columns={[
          <input
            key="all"
            type="checkbox"
            aria-label={t('Select all')}
            checked={selected.length === items.length}
            onChange={(e) => setSelected(e.target.checked ? items.map((p) => p.id) : [])}
          />,
          t('Name'),
          t('SKU'),
          t('Stock'),
          { label: t('Price'), num: true },
          t('Status'),
        ]}
      />
      <tbody>
        {items.map((p) => (
          <tr key={p.id}>
            <td>
              <input
                type="checkbox"
                aria-label={t('Select %s', p.name)}
                checked={selected.includes(p.id)}
                onChange={(e) => setSelected(e.target.checked ? [...selected, p.id] : selected.filter((s) => s !== p.id))}
              />
            </td>
            <td>
              {p.images[0] && <img className="admin-thumb" src={p.images[0].src} alt="" width={40} height={40} loading="lazy" />}
              <a href={productPath(p.id)}>{p.name}</a>
              {p.type === 'variable' && <span className="admin-muted"> · {t('%d variations', p.variations.length)}</span>}
            </td>
            <td>{p.sku}</td>
            <td>{stockText(p)}</td>
            <td className="num">{p.price ? formatMoney(cents(p.price)) : '–'}</td>
            <td>{productStatusLabel(p.status)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
