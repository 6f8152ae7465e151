import { formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { useLoad } from '../components/useLoad';
import { ADMIN_PATHS, productPath } from '../model/routes';
import { cents } from '../model/types';
import { LoadStatus } from '../components/LoadStatus';
import { TableHead } from '../../../components/TableHead';
import { SectionPanel } from '../components/Panel';
import { InvoicesBlocked } from '../components/InvoicesBlocked';

export function Dashboard() {
  const api = useApi();
  const [load] = useLoad(() => api.dashboard(), 'dashboard');
  return (
    <>
      <h1>{t('Dashboard')}</h1>
      <LoadStatus load={load} />
      {load.state === 'ready' && (
        <>
          {load.value.invoices_blocked && <InvoicesBlocked />}
          <section className="admin-cards" aria-label={t('Today')}>
            <div className="admin-card">
              <p className="admin-card__label">{t('Orders today')}</p>
              <p className="admin-card__value" data-testid="orders-today">
                {load.value.today.orders}
              </p>
            </div>
            <div className="admin-card">
              <p className="admin-card__label">{t('Revenue today')}</p>
              <p className="admin-card__value" data-testid="revenue-today">
                {formatMoney(cents(load.value.today.revenue))}
              </p>
            </div>
          </section>
          <SectionPanel heading={t('Low stock')}>
            {load.value.low_stock.length === 0 ? (
              <p>{t('No product is low in stock.')}</p>
            ) : (
              <table className="admin-table">
                <TableHead columns={[t('Product'), t('SKU'), t('Stock')]} />
                <tbody>
                  {load.value.low_stock.map((p) => (
                    <tr key={p.id}>
                      <td>
                        <a href={productPath(p.parent_id || p.id)}>{p.name}</a>
                      </td>
                      <td>{p.sku ?? ''}</td>
                      <td>{p.stock_quantity}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </SectionPanel>
          <p>
            <a className="button" href={ADMIN_PATHS.newProduct}>
              {t('Add product')}
            </a>{' '}
            <a className="button button--ghost" href={ADMIN_PATHS.orders}>
              {t('All orders')}
            </a>
          </p>
        </>
      )}
    </>
  );
}
