import { useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { useApi } from '../AdminScreens';
import { useLoad } from '../components/useLoad';
import { invoiceKindLabel, shiftMonth } from '../model/invoices';
import { orderPath } from '../model/routes';
import { cents } from '../model/types';

/** This month in German time, as `<input type="month">` writes it. */
function currentMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).formatToParts(
    new Date(),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** A cancellation's amounts count against the month's. */
const signed = (kind: string, decimal: string): number => (kind === 'cancellation' ? -cents(decimal) : cents(decimal));

/** Invoices by month: each PDF, and the month as ZIP and CSV for the tax adviser. */
export function Invoices() {
  const api = useApi();
  const [month, setMonth] = useState(currentMonth);
  const [load] = useLoad(() => api.invoices.month(month), month);
  return (
    <>
      <h1>{t('Invoices')}</h1>
      <div className="admin-inline-form">
        <button type="button" className="button button--small" onClick={() => setMonth(shiftMonth(month, -1))}>
          {t('Previous month')}
        </button>
        <label htmlFor="invoice-month">{t('Month')}</label>
        <input id="invoice-month" type="month" value={month} required onChange={(e) => e.target.value && setMonth(e.target.value)} />
        <button type="button" className="button button--small" onClick={() => setMonth(shiftMonth(month, 1))}>
          {t('Next month')}
        </button>
      </div>
      <p>
        <a className="button" href={api.invoices.exportHref(month, 'zip')} download>
          {t('All invoices of the month (ZIP)')}
        </a>{' '}
        <a className="button button--secondary" href={api.invoices.exportHref(month, 'csv')} download>
          {t('List for the tax adviser (CSV)')}
        </a>
      </p>
      {load.state === 'loading' && <p>{t('Loading…')}</p>}
      {load.state === 'failed' && <p className="notice notice--error">{load.message}</p>}
      {load.state === 'ready' &&
        (load.value.length === 0 ? (
          <p>{t('No invoices in this month.')}</p>
        ) : (
          <table className="admin-table" data-testid="invoice-list">
            <caption className="visually-hidden">{t('Invoices of %s', month)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Number')}</th>
                <th scope="col">{t('Type')}</th>
                <th scope="col">{t('Date')}</th>
                <th scope="col">{t('Order')}</th>
                <th scope="col">{t('Total')}</th>
                <th scope="col">{t('VAT')}</th>
              </tr>
            </thead>
            <tbody>
              {load.value.map((i) => (
                <tr key={i.id}>
                  <td>
                    <a href={api.invoices.pdfHref(i)} download>
                      {t('%s (PDF)', i.number)}
                    </a>
                  </td>
                  <td>{invoiceKindLabel(i)}</td>
                  <td>{formatDate(i.date)}</td>
                  <td>
                    <a href={orderPath(i.order_id)}>{t('Order #%d', i.order_id)}</a>
                  </td>
                  <td>{formatMoney(signed(i.kind, i.total))}</td>
                  <td>{formatMoney(signed(i.kind, i.total_tax))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </>
  );
}
