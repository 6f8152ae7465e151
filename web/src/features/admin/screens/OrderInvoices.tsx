import { useState } from 'react';
import type { InvoiceOut } from '../../../generated/wire';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { errorMessage } from '../model/errors';
import { InvoiceTable } from '../components/InvoiceTable';
import { FieldError } from '../components/Field';
import { SectionPanel } from '../components/Panel';

/** An order's invoices and cancellation invoices, each a PDF; "issue now" when none is in force. */
export function OrderInvoices({ orderId, invoices, onIssued }: { orderId: number; invoices: InvoiceOut[]; onIssued: () => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const inForce = invoices.some((i) => i.kind === 'invoice' && !i.cancelled);
  return (
    <SectionPanel heading={t('Invoices')} region testId="order-invoices">
      {invoices.length === 0 ? <p>{t('No invoice has been issued for this order yet.')}</p> : <InvoiceTable invoices={invoices} />}
      {!inForce && (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError('');
            try {
              await api.invoices.issue(orderId);
              onIssued();
            } catch (err) {
              setError(errorMessage(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('Issue invoice')}
        </button>
      )}
      <FieldError message={error} />
    </SectionPanel>
  );
}
