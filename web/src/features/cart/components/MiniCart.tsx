import { useTaxNotice } from '../../../components/taxNotice';
import { useModalDialog } from '../../../components/useModalDialog';
import { formatMoney } from '../../../lib/format/money';
import { PriceDetails } from '../../../components/Price';
import { choicesText, lineTotal, useCart } from '../../../lib/cart/cart';
import { itemsGross } from '../../../lib/cart/changes';
import { t } from '../../../lib/i18n';
import { sitePath } from '../../../lib/rest/permalink';

/**
 * The cart quick-view overlay (spec §2 "Header cart link", §4 "Cart overlay"):
 * opened from the header cart link when its target is '#'; closed by its close
 * control, Escape or a click beside it. It follows the cart store, so an item
 * added anywhere on the page shows at once.
 */
export function MiniCart({ open, onClose, shippingPage }: { open: boolean; onClose: () => void; shippingPage: string }) {
  const taxNotice = useTaxNotice();
  const { cart } = useCart();
  const dialog = useModalDialog(open, onClose);

  const subtotal = cart ? itemsGross(cart) : 0;
  return (
    <dialog {...dialog} className="mini-cart" aria-labelledby="mini-cart-title">
      <div className="mini-cart__body">
        <div className="mini-cart__head">
          <h2 id="mini-cart-title">{t('Cart')}</h2>
          <button type="button" className="mini-cart__close" aria-label={t('Close')} onClick={onClose}>
            ×
          </button>
        </div>
        {!cart || cart.items.length === 0 ? (
          <p className="mini-cart__empty">{t('Your cart is currently empty.')}</p>
        ) : (
          <>
            <ul className="mini-cart__items">
              {cart.items.map((item) => (
                <li key={item.key} className="mini-cart__item">
                  {item.images[0] ? (
                    <img src={item.images[0].thumbnail} alt="" width={56} height={56} loading="lazy" />
                  ) : (
                    <span className="mini-cart__placeholder" aria-hidden="true" />
                  )}
                  <div>
                    <a href={sitePath(item.permalink)}>{item.name}</a>
                    {item.variation.length > 0 && <p className="mini-cart__variation">{choicesText(item.variation)}</p>}
                    <p className="mini-cart__line">
                      <span data-testid="mini-cart-qty">{item.quantity}</span> × {formatMoney(Number(item.prices.price))}
                      <strong>{formatMoney(lineTotal(item))}</strong>
                    </p>
                    <PriceDetails facts={item.extensions.laden} />
                  </div>
                </li>
              ))}
            </ul>
            <p className="mini-cart__subtotal">
              <span>{t('Subtotal')}</span> <strong data-testid="mini-cart-subtotal">{formatMoney(subtotal)}</strong>
            </p>
            <p className="mini-cart__vat">
              {cart.totals.extensions.laden.tax_free_notice ? t('excl. VAT (tax-free supply)') : taxNotice},{' '}
              <a href={shippingPage}>{t('plus shipping')}</a>
            </p>
          </>
        )}
        <p className="mini-cart__actions">
          <a className="button" href="/warenkorb/">
            {t('View cart')}
          </a>
          {cart && cart.items.length > 0 && (
            <a className="button button--primary" href="/kasse/">
              {t('Proceed to checkout')}
            </a>
          )}
        </p>
      </div>
    </dialog>
  );
}
