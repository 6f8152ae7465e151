import { useId, useState } from 'react';
import { post, type Cart } from '../../../lib/cart/cart';
import { formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { shippingOptions, undeliverable } from '../model/shipping';

/**
 * The shipping methods the cart's delivery country offers for what it holds (WooCommerce's
 * rates): a radio group once there is a choice, each with what it would cost; pickup with the
 * shop's address and opening hours. A cart no method takes says so before the order.
 */
export function ShippingChoice({ cart, address }: { cart: Cart; address: string }) {
  const id = useId();
  const [failed, setFailed] = useState(false);
  // The choice shows at once; the cart's answer (with its new totals) settles it.
  const [pending, setPending] = useState<string | null>(null);
  const options = shippingOptions(cart);
  if (undeliverable(cart)) {
    return (
      <p className="checkout__shipping-none" role="alert">
        {t('No shipping method delivers this order to the chosen country. Please choose another country or contact us.')}
      </p>
    );
  }
  if (options.length < 2) return null;
  const choose = (rateId: string) => {
    setFailed(false);
    setPending(rateId);
    post('/cart/select-shipping-rate', { package_id: 0, rate_id: rateId })
      .catch(() => setFailed(true))
      .finally(() => setPending(null));
  };
  return (
    <fieldset className="checkout__shipping">
      <legend>{t('Shipping method')}</legend>
      {options.map((o) => (
        <div key={o.id} className="checkout__shipping-option">
          <label className="radio">
            <input
              type="radio"
              name={`${id}-shipping`}
              value={o.id}
              checked={pending === null ? o.selected : pending === o.id}
              onChange={() => choose(o.id)}
            />{' '}
            <span>
              {o.name}: {o.price === 0 ? t('Free') : formatMoney(o.price)}
            </span>
          </label>
          {o.pickup && (
            <p className="checkout__pickup">
              {t('Pickup at: %s', address.split('\n').filter(Boolean).join(', '))}
              {o.hours && (
                <>
                  <br />
                  {o.hours}
                </>
              )}
            </p>
          )}
        </div>
      ))}
      {failed && (
        <p className="field__error" role="alert">
          {t('This shipping method is not offered for this cart.')}
        </p>
      )}
    </fieldset>
  );
}
