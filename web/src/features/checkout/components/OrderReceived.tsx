import { useEffect } from 'react';
import type { BankData, OrderData } from '../../../lib/types';
import { formatDate, formatMoney } from '../../../lib/format/money';
import { formatVatRate } from '../../../lib/format/number';
import { t } from '../../../lib/i18n';
import { choicesText, clearCartState } from '../../../lib/cart/cart';
import { PriceDetails } from '../../../components/Price';
import { OrderDownloads } from './OrderDownloads';
import { OrderInvoices } from './OrderInvoices';

export function OrderReceived({ order, bank }: { order: OrderData; bank?: BankData | undefined }) {
  useEffect(() => clearCartState(), []);
  const b = order.billing_address;
  return (
    <div className="order-received">
      <h1>{t('Order received')}</h1>
      {order.extensions.laden.pay_url ? (
        <div className="notice notice--warning" role="status" data-testid="order-awaits-payment">
          <p>
            {t('Your order has been received, but it has not been paid yet. Please pay it now, with the same or another payment method.')}
          </p>
          <p>
            <a className="button button--primary" href={order.extensions.laden.pay_url}>
              {t('Pay now')}
            </a>
          </p>
        </div>
      ) : (
        <p className="notice notice--ok" role="status">
          {t('Thank you. Your order has been received.')}
        </p>
      )}
      <ul className="order-overview">
        <li>
          {t('Order number:')} <strong data-testid="order-number">{order.order_number}</strong>
        </li>
        <li>
          {t('Date:')} <strong>{formatDate(order.date_created)}</strong>
        </li>
        <li>
          {t('Email:')} <strong>{b['email']}</strong>
        </li>
        <li>
          {t('Total:')} <strong>{formatMoney(order.totals.total_price)}</strong>
        </li>
        <li>
          {t('Payment method:')} <strong>{order.payment_method_title}</strong>
        </li>
      </ul>
      {order.payment_method === 'bacs' && (
        <p>{t('Please transfer the total to our bank account. Your order will be shipped once the payment has arrived.')}</p>
      )}
      {order.payment_method === 'bacs' && bank && <BankDetails bank={bank} order={order} />}
      <h2>{t('Order details')}</h2>
      <OrderLines order={order} />
      <OrderDownloads downloads={order.extensions.laden.downloads} />
      <OrderInvoices invoices={order.extensions.laden.invoices} />
      <h2>{t('Billing address')}</h2>
      <address>
        {b['first_name']} {b['last_name']}
        <br />
        {b['company'] && (
          <>
            {b['company']}
            <br />
          </>
        )}
        {b['address_1']}
        <br />
        {b['postcode']} {b['city']}
      </address>
      {order.extensions.laden.vat_id && <p>{t('VAT ID: %s', order.extensions.laden.vat_id)}</p>}
      {/* Why no VAT was charged (an intra-community supply, reverse charge, an export): the server's words. */}
      {order.extensions.laden.tax_free_notice && <p>{order.extensions.laden.tax_free_notice}</p>}
    </div>
  );
}

/** The shop's bank account for a transfer, with the amount and the reference to give. */
function BankDetails({ bank, order }: { bank: BankData; order: OrderData }) {
  return (
    <section className="bank-details" aria-labelledby="bank-details-title">
      <h2 id="bank-details-title">{t('Our bank details')}</h2>
      <dl>
        {(
          [
            ['Account holder', bank.holder],
            ['Bank', bank.bank],
            ['IBAN', bank.iban],
            ['BIC', bank.bic],
          ] as const
        )
          .filter(([, v]) => v.trim() !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        <div>
          <dt>{t('Amount')}</dt>
          <dd>{formatMoney(order.totals.total_price)}</dd>
        </div>
        <div>
          <dt>{t('Reference')}</dt>
          <dd>{t('Order %s', order.order_number)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The order's lines (with purchase notes), coupons, shipping, total, VAT and any refund. */
export function OrderLines({ order }: { order: OrderData }) {
  return (
    <table className="cart-table">
      <tbody>
        {order.items.map((i) => (
          <tr key={i.id}>
            <td>
              {i.name} × {i.quantity}
              {i.variation.length > 0 && <div className="order-item__variation">{choicesText(i.variation)}</div>}
              <PriceDetails facts={{ deposit: i.extensions.laden.deposit, tax_notice: i.extensions.laden.tax_notice }} />
              {i.extensions.laden.purchase_note && (
                <div className="purchase-note" dangerouslySetInnerHTML={{ __html: i.extensions.laden.purchase_note }} />
              )}
            </td>
            <td>{formatMoney(i.totals.line_total)}</td>
          </tr>
        ))}
        {(order.coupons ?? []).map((c) => (
          <tr key={c.code}>
            <th scope="row">{t('Coupon: %s', c.code)}</th>
            <td>−{formatMoney(Number(c.totals.total_discount) + Number(c.totals.total_discount_tax))}</td>
          </tr>
        ))}
        {order.fees.map((f) => (
          <tr key={f.key}>
            <th scope="row">{f.name}</th>
            <td>{formatMoney(Number(f.totals.total) + Number(f.totals.total_tax))}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">
            {order.extensions.laden.shipping_method ? t('Shipping: %s', order.extensions.laden.shipping_method) : t('Shipping')}
          </th>
          <td>{formatMoney(Number(order.totals.total_shipping) + Number(order.totals.total_shipping_tax))}</td>
        </tr>
        <tr>
          <th scope="row">{t('Total')}</th>
          <td>{formatMoney(order.totals.total_price)}</td>
        </tr>
        {order.totals.tax_lines.map((l) => (
          <tr key={l.rate}>
            <th scope="row">{t('incl. %s VAT', formatVatRate(l.rate))}</th>
            <td>{formatMoney(l.price)}</td>
          </tr>
        ))}
        {Number(order.totals.total_refund) > 0 && (
          <tr data-testid="order-refunded">
            <th scope="row">{t('Refunded')}</th>
            <td>−{formatMoney(order.totals.total_refund)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
