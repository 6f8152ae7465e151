import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { useLoad } from '../components/useLoad';
import { quarterOf, shiftMonth } from '../model/sales/invoices';
import { InvoiceTable } from '../components/InvoiceTable';
import { LoadStatus } from '../components/LoadStatus';
import { InvoicesBlocked } from '../components/InvoicesBlocked';

/** This month in German time, as `<input type="month">` writes it. */
function currentMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).formatToParts(
    new Date(),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** Invoices by month: each PDF, the month as ZIP and CSV for the tax adviser, the Zusammenfassende Meldung of the month or its quarter, and the quarter's One-Stop-Shop return. */
export function Invoices() {
  const api = useApi();
  const [month, setMonth] = useState(currentMonth);
  const [load] = useLoad(() => api.invoices.month(month), month);
  const [settings] = useLoad(() => api.settings.get(), 'settings');
  return (
    <>
      <h1>{t('Invoices')}</h1>
      {settings.state === 'ready' && settings.value.laden_invoices_blocked && <InvoicesBlocked />}
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
      <p>
        <a className="button button--secondary" href={api.invoices.zmHref(month)} download>
          {t('Zusammenfassende Meldung of the month (CSV)')}
        </a>{' '}
        <a className="button button--secondary" href={api.invoices.zmHref(quarterOf(month))} download>
          {t('Zusammenfassende Meldung of quarter %s (CSV)', quarterOf(month).slice(5))}
        </a>
      </p>
      <p>{t('The Zusammenfassende Meldung lists the intra-community supplies per VAT ID, as the BZSt form imports it.')}</p>
      <p>
        <a className="button button--secondary" href={api.invoices.ossHref(quarterOf(month))} download>
          {t('One-Stop-Shop return of quarter %s (CSV)', quarterOf(month).slice(5))}
        </a>
      </p>
      <p>
        {t(
          'The One-Stop-Shop return lists, per EU country and VAT rate, the net amounts and the VAT of sales taxed in the buyer’s country.',
        )}
      </p>
      <LoadStatus load={load} />
      {load.state === 'ready' &&
        (load.value.length === 0 ? <p>{t('No invoices in this month.')}</p> : <InvoiceTable invoices={load.value} month={month} />)}
    </>
  );
}
