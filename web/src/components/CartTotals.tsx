import { couponDiscounts, type Cart } from '../lib/cart/cart';
import { formatMoney } from '../lib/format/money';
import { formatVatRate } from '../lib/format/number';
import { t } from '../lib/i18n';
import { useContext } from 'react';
import { SmallBusinessContext } from './taxNotice';

/** Subtotal, coupons, deposits, shipping, total and the VAT it contains per rate, as German shops show them (gross; net for a tax-free export, which says so). */
export function CartTotals({ cart, shippingPage }: { cart: Cart; shippingPage: string }) {
  const smallBusiness = useContext(SmallBusinessContext);
  const gross = cart.totals.extensions.laden;
  const shipping = Number(gross.total_shipping_gross);
  const deposit = Number(gross.total_fees_gross);
  return (
    <table className="totals">
      <tbody>
        <tr>
          <th scope="row">{t('Subtotal')}</th>
          <td>{formatMoney(gross.total_items_gross)}</td>
        </tr>
        {couponDiscounts(cart).map((c) => (
          <tr key={c.code} className="totals__discount">
            <th scope="row">{t('Coupon: %s', c.code)}</th>
            <td>−{formatMoney(c.amount)}</td>
          </tr>
        ))}
        {deposit > 0 && (
          <tr>
            <th scope="row">{t('Deposit')}</th>
            <td>{formatMoney(deposit)}</td>
          </tr>
        )}
        <tr>
          <th scope="row">
            <a href={shippingPage}>{t('Shipping')}</a>
          </th>
          <td>{shipping === 0 ? t('Free') : formatMoney(shipping)}</td>
        </tr>
        <tr className="totals__total">
          <th scope="row">{t('Total')}</th>
          <td data-testid="order-total">{formatMoney(cart.totals.total_price)}</td>
        </tr>
        {gross.tax_free_notice && (
          <tr className="totals__tax">
            <td colSpan={2} data-testid="tax-free-notice">
              {gross.tax_free_notice}
            </td>
          </tr>
        )}
        {smallBusiness && (
          <tr className="totals__tax">
            <td colSpan={2}>{t('No VAT is charged under §19 UStG (small business).')}</td>
          </tr>
        )}
        {cart.totals.tax_lines.map((l) => (
          <tr key={l.rate} className="totals__tax">
            <th scope="row">{t('incl. %s VAT', formatVatRate(l.rate))}</th>
            <td>{formatMoney(l.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
