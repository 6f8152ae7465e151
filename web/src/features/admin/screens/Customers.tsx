import { useState } from 'react';
import { formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { Pager } from '../components/Pager';
import { SearchForm } from '../components/SearchForm';
import { useLoad } from '../components/useLoad';
import { ADMIN_PATHS, customerPath } from '../model/routes';
import { cents } from '../model/types';
import { LoadStatus } from '../components/LoadStatus';
import { TableHead } from '../../../components/TableHead';

/** Customers (everyone who ordered), with search. */
export function Customers() {
  const api = useApi();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [load] = useLoad(() => api.customers.page(`per_page=20&page=${page}&search=${encodeURIComponent(query)}`), `${query}-${page}`);
  return (
    <>
      <h1>{t('Customers')}</h1>
      <SearchForm
        label={t('Search customers')}
        onSearch={(q) => {
          setQuery(q);
          setPage(1);
        }}
      />
      <LoadStatus load={load} />
      {load.state === 'ready' && load.value.items.length === 0 && <p>{t('No customers found.')}</p>}
      {load.state === 'ready' && load.value.items.length > 0 && (
        <table className="admin-table">
          <TableHead
            columns={[t('Name'), t('Email'), t('City'), { label: t('Orders'), num: true }, { label: t('Total spent'), num: true }]}
          />
          <tbody>
            {load.value.items.map((c) => (
              <tr key={c.id}>
                <td>
                  <a href={customerPath(c.id)}>{`${c.first_name} ${c.last_name}`.trim() || t('(no name)')}</a>
                </td>
                <td>
                  <a href={`${ADMIN_PATHS.orders}?search=${encodeURIComponent(c.email)}`}>{c.email}</a>
                </td>
                <td>{c.billing.city}</td>
                <td className="num">{c.orders_count}</td>
                <td className="num">{formatMoney(cents(c.total_spent))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {load.state === 'ready' && <Pager page={page} totalPages={load.value.totalPages} onPage={setPage} />}
    </>
  );
}
