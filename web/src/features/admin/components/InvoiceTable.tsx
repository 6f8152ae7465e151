import type { InvoiceOut } from '../../../generated/wire';
import { formatDate, formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { useApi } from './useApi';
import { invoiceKindLabel } from '../model/sales/invoices';
import { orderPath } from '../model/routes';
import { cents } from '../model/types';
import { TableHead } from '../../../components/TableHead';

/** A cancellation's amounts count against the invoice's. */
const signed = (kind: string, decimal: string): number => (kind === 'cancellation' ? -cents(decimal) : cents(decimal));

/** Invoices, each a PDF to download; a month's list (`month`) also names the order and the VAT. */
export function InvoiceTable({ invoices, month }: { invoices: InvoiceOut[]; month?: string }) {
  const api = useApi();
  return (
    <table className="admin-table" data-testid={month ? 'invoice-list' : undefined}>
      {month && <caption className="visually-hidden">{t('Invoices of %s', month)}</caption>}
      <TableHead columns={[t('Number'), t('Type'), t('Date'), !!month && t('Order'), t('Total'), !!month && t('VAT')]} />
      <tbody>
        {invoices.map((i) => (
          <tr key={i.id}>
            <td>
              <a href={api.invoices.pdfHref(i)} download>
                {t('%s (PDF)', i.number)}
              </a>
            </td>
            <td>{invoiceKindLabel(i)}</td>
            <td>{formatDate(i.date)}</td>
            {month && (
              <td>
                <a href={orderPath(i.order_id)}>{t('Order #%d', i.order_id)}</a>
              </td>
            )}
            <td>{formatMoney(signed(i.kind, i.total))}</td>
            {month && <td>{formatMoney(signed(i.kind, i.total_tax))}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
