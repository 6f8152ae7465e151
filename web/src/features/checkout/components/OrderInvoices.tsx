import type { OrderData } from '../../../lib/types';
import { formatDate } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';

/** The order's invoices and cancellation invoices, each a PDF to download. */
export function OrderInvoices({ invoices }: { invoices: OrderData['extensions']['laden']['invoices'] }) {
  if (invoices.length === 0) return null;
  return (
    <section className="order-invoices" aria-labelledby="order-invoices-title">
      <h2 id="order-invoices-title">{t('Invoices')}</h2>
      <ul>
        {invoices.map((i) => (
          <li key={i.url}>
            <a href={i.url} download>
              {t('%1$s %2$s of %3$s (PDF)', i.title, i.number, formatDate(i.date))}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
