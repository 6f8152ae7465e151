import { useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import type { RestPage } from '../../../lib/rest/client';
import { useApi } from '../components/useApi';
import { Pager } from '../components/Pager';
import { SearchForm } from '../components/SearchForm';
import { useLoad } from '../components/useLoad';
import { ORDER_STATUSES, orderStatusLabel } from '../model/sales/orders';
import { orderPath } from '../model/routes';
import { cents, type WcOrder } from '../model/types';
import { LoadStatus } from '../components/LoadStatus';
import { TableHead } from '../../../components/TableHead';

const PER_PAGE = 20;

/** Orders with status filters, search and the origin column ("Herkunft"). */
export function Orders() {
  const api = useApi();
  const url = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const [status, setStatus] = useState(url.get('status') ?? '');
  const [query, setQuery] = useState(url.get('search') ?? '');
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ per_page: String(PER_PAGE), page: String(page) });
  if (status) params.set('status', status);
  if (query) params.set('search', query);
  const [load] = useLoad(() => api.orders.page(params), params.toString());
  const pick = (s: string) => {
    setStatus(s);
    setPage(1);
    window.history.replaceState(null, '', s ? `?status=${s}` : window.location.pathname);
  };
  return (
    <>
      <h1>{t('Orders')}</h1>
      <ul className="admin-filters" aria-label={t('Filter by status')}>
        {['', ...ORDER_STATUSES].map((s) => (
          <li key={s}>
            <button type="button" className="admin-filter" aria-pressed={status === s} onClick={() => pick(s)}>
              {s ? orderStatusLabel(s) : t('All')}
            </button>
          </li>
        ))}
      </ul>
      <SearchForm
        label={t('Search orders')}
        initial={query}
        onSearch={(q) => {
          setQuery(q);
          setPage(1);
        }}
      />
      <LoadStatus load={load} />
      {load.state === 'ready' && <OrderTable page={load.value} />}
      {load.state === 'ready' && <Pager page={page} totalPages={load.value.totalPages} onPage={setPage} />}
    </>
  );
}

function OrderTable({ page }: { page: RestPage<WcOrder> }) {
  if (page.items.length === 0) return <p>{t('No orders found.')}</p>;
  return (
    <table className="admin-table">
      <TableHead columns={[t('Order'), t('Date'), t('Status'), t('Origin'), { label: t('Total'), num: true }]} />
      <tbody>
        {page.items.map((o) => (
          <tr key={o.id}>
            <td>
              <a href={orderPath(o.id)}>
                #{o.id} {o.billing.first_name} {o.billing.last_name}
              </a>
            </td>
            <td>{formatDate(o.date_created)}</td>
            <td>
              <span className={`admin-status admin-status--${o.status}`}>{orderStatusLabel(o.status)}</span>
              {o.laden_withdrawal && <span className="admin-status admin-status--withdrawn">{t('Withdrawn')}</span>}
            </td>
            <td>{o.origin}</td>
            <td className="num">{formatMoney(cents(o.total))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
