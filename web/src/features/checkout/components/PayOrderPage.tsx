import { useState } from 'react';
import type { OrderPayView } from '../../../generated/wire';
import { formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { storeApi } from '../../../lib/rest/store';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { parsePlaced, paymentData } from '../model/payment';
import { OrderLines } from './OrderReceived';
import { PaymentChoice, submitFailure, usePayment } from './usePayment';

type Problems = Partial<Record<string, string>>;

/**
 * Pays an order placed before (WooCommerce's „Für Bestellung bezahlen“): after a declined or
 * abandoned payment, from the order's page, the account or a mail. The same order, with the
 * same or another method; no second order and no second stock hold.
 */
export function PayOrderPage({ view }: { view: OrderPayView }) {
  const { order } = view;
  const pay = usePayment(view.paymentMethods, view.stripe, order.payment_method);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref: form, focusFirstInvalid } = useFirstInvalidFocus<HTMLFormElement>();
  const b = order.billing_address;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const read = await pay.read(true);
    setProblems(read.problems);
    if (Object.keys(read.problems).length > 0) {
      setError(t('Please correct the marked fields.'));
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    const body = {
      key: order.order_key,
      billing_email: b['email'] ?? '',
      payment_method: pay.payment,
      payment_data: paymentData(pay.payment, read.cardToken),
      extensions: { laden: { checkboxes: pay.mandateTicks } },
    };
    try {
      const placed = await storeApi(`/checkout/${order.id}`, parsePlaced, { method: 'POST', body });
      const redirect = await pay.complete(
        placed,
        { id: order.id, key: order.order_key },
        { name: `${b['first_name'] ?? ''} ${b['last_name'] ?? ''}`.trim(), email: b['email'] ?? '' },
      );
      window.location.assign(redirect);
    } catch (err) {
      const failed = submitFailure(err);
      if (failed.problems) setProblems(failed.problems);
      setError(failed.message);
      focusFirstInvalid();
      setBusy(false);
    }
  }

  if (!view.payable) {
    return (
      <div className="order-pay">
        <h1>{t('Pay for order')}</h1>
        <p className="notice" role="status">
          {t('Order %s does not await a payment.', order.order_number)}
        </p>
        <p>
          <a className="button" href={view.receivedUrl}>
            {t('View order')}
          </a>
        </p>
      </div>
    );
  }

  return (
    <form className="order-pay checkout" onSubmit={submit} noValidate ref={form}>
      <h1>{t('Pay for order')}</h1>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <ul className="order-overview">
        <li>
          {t('Order number:')} <strong data-testid="order-number">{order.order_number}</strong>
        </li>
        <li>
          {t('Total:')} <strong>{formatMoney(order.totals.total_price)}</strong>
        </li>
      </ul>
      <h2>{t('Order details')}</h2>
      <OrderLines order={order} />
      <PaymentChoice choice={pay.choice} problems={problems} />
      <button type="submit" className="button button--primary button--order" disabled={busy}>
        {t('Pay now')}
      </button>
    </form>
  );
}
