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
import type { OssThreshold } from '../../../generated/wire';

/**
 * The year's distance sales to consumers in other EU countries against the One-Stop-Shop
 * threshold (§ 3c UStG): a warning from the server's share (80 %), an alert once passed.
 */
function OssPanel({ oss }: { oss: OssThreshold }) {
  const threshold = cents(oss.threshold);
  const thisYear = cents(oss.this_year);
  return (
    <SectionPanel heading={t('EU distance sales (One-Stop-Shop)')}>
      <p data-testid="oss-sales">
        {t(
          'This year %1$s of the threshold of %2$s (%3$s %), last year %4$s: sales to consumers in other EU countries, net.',
          formatMoney(thisYear),
          formatMoney(threshold),
          oss.percent,
          formatMoney(cents(oss.last_year)),
        )}
      </p>
      <meter
        min={0}
        max={threshold}
        low={(threshold * oss.warn_percent) / 100}
        high={threshold}
        value={Math.min(thisYear, threshold)}
        aria-label={t('Share of the threshold')}
      >
        {oss.percent} %
      </meter>
      {oss.warn && (
        <p className="notice notice--warning" data-testid="oss-warning">
          {t(
            'The threshold will soon be passed. From the sale that passes it, Laden charges each of these sales the VAT of the buyer’s country: register for the One-Stop-Shop in time.',
          )}
        </p>
      )}
      {oss.passed && (
        <p className="notice" data-testid="oss-passed">
          {t(
            'Sales to consumers in other EU countries are taxed in the buyer’s country (One-Stop-Shop), and Laden charges each country’s VAT. Report them each quarter with the One-Stop-Shop return (Invoices).',
          )}
        </p>
      )}
    </SectionPanel>
  );
}

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
          {load.value.exports_need_vat_id && (
            <div className="notice notice--warning" data-testid="exports-need-vat-id">
              <p>
                {t(
                  'The shop delivers outside the EU without a VAT ID of its own: export e-invoices must name it (EN 16931, BR-G-02) and are refused without it.',
                )}
              </p>
              <p>
                <a href={ADMIN_PATHS.settings}>{t('Enter the VAT ID in the settings')}</a>
              </p>
            </div>
          )}
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
          <OssPanel oss={load.value.oss} />
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
