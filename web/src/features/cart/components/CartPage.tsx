import { useEffect, useRef, useState } from 'react';
import type { SiteData } from '../../../lib/types';
import { CartTotals } from '../../../components/CartTotals';
import { CouponField } from '../../../components/CouponField';
import { formatMoney } from '../../../lib/format/money';
import { PriceDetails } from '../../../components/Price';
import { DeliveryTime } from '../../../components/DeliveryTime';
import { SpecialNotices } from '../../../components/SpecialNotices';
import { t } from '../../../lib/i18n';
import { announce } from '../../../lib/announce';
import {
  addToCart,
  choicesText,
  lineTotal,
  loadCart,
  type Cart,
  removeCartItem,
  updateCartItem,
  useCart,
  type CartItem,
} from '../../../lib/cart/cart';
import { cartLink, withoutCartLink } from '../../../lib/cart/link';
import { changeCart } from '../../../lib/cart/changes';

/** Typing pause after which a changed cart quantity is sent. */
const QUANTITY_COMMIT_DELAY_MS = 600;
import { RestError } from '../../../lib/rest/store';
import { QuantitySpinner } from '../../../components/QuantitySpinner';
import { spinnerEnabled } from '../../../lib/quantity/spinner';
import { crossSellIds } from '../model/crossSells';
import { CrossSells } from './CrossSells';
import { TableHead } from '../../../components/TableHead';
import { sitePath } from '../../../lib/rest/permalink';

/**
 * The cart's quantity spinner: a change is sent once the shopper pauses (typing
 * or holding a button); a refused change shows the cart's quantity again.
 */
function QuantityCell({
  item,
  onCommit,
  enabled,
  stepMax,
}: {
  item: CartItem;
  onCommit: (n: number) => Promise<unknown>;
  enabled: boolean;
  stepMax?: number;
}) {
  const [draft, setDraft] = useState<number | null>(item.quantity);
  // clearTimeout takes no timer as well: nothing to check before it.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setDraft(item.quantity), [item.quantity]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (n: number | null): void => {
    clearTimeout(timer.current);
    if (n === null || !Number.isInteger(n) || n < 1) {
      setDraft(item.quantity);
      return;
    }
    if (n !== item.quantity) onCommit(n).catch(() => setDraft(item.quantity));
  };
  return (
    <QuantitySpinner
      name={`cart[${item.key}][qty]`}
      label={t('Quantity of %s', item.name)}
      value={draft}
      enabled={enabled}
      field={{ min: 1, max: item.quantity_limits.maximum, step: 1, stepMax }}
      onChange={(n) => {
        setDraft(n);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(n), QUANTITY_COMMIT_DELAY_MS);
      }}
    />
  );
}

export function CartPage({ site }: { site: SiteData }) {
  const { cart, busy } = useCart();
  const [error, setError] = useState<string | null>(null);
  /** What an add-to-cart link added (said by changeCart; shown here). */
  const [added, setAdded] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Shows a refusal and says it (lib/announce): the notice itself is no live region. */
  const refuse = (e: unknown): void => {
    const text = e instanceof RestError ? e.message : t('An unknown error occurred.');
    setError(text);
    announce(text, 'assertive');
  };
  useEffect(() => {
    // An add-to-cart link (`?add-to-cart=42`, sent here from any page): added, then off the address.
    const link = cartLink(window.location.search);
    if (!link) {
      loadCart().catch(refuse);
      return;
    }
    window.history.replaceState(null, '', window.location.pathname + withoutCartLink(window.location.search) + window.location.hash);
    loadCart()
      .then(() => changeCart(() => addToCart(link.id, link.quantity, link.variation)))
      .then((after) => {
        const line = after.items.find((i) => i.id === link.id);
        if (line) setAdded(t('“%s” has been added to your cart.', line.name));
      })
      .catch(refuse);
  }, []);
  /** A change sent to the cart: said when done (what changed, the new count and total), or refused. */
  const guard = (op: () => Promise<Cart>): Promise<unknown> => {
    setError(null);
    return changeCart(op).catch((e: unknown) => {
      refuse(e);
      throw e;
    });
  };
  /** A removed line takes its button along: focus goes to the cart's heading, not to the page's start. */
  const remove = (key: string): void => {
    guard(() => removeCartItem(key))
      .then(() => heading.current?.focus())
      .catch(() => undefined);
  };
  // Price, quantity and total head their columns and, where the heads are hidden (narrow screens), their cells.
  const said = [t('Price'), t('Quantity'), t('Total')];
  return (
    <div className="cart-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('Cart')}
      </h1>
      {error && <p className="notice notice--error">{error}</p>}
      {added && !error && <p className="notice notice--ok">{added}</p>}
      {!cart ? (
        <p aria-busy="true">{t('Loading cart …')}</p>
      ) : cart.items.length === 0 ? (
        <div className="empty">
          <p>{t('Your cart is currently empty.')}</p>
          <a className="button" href="/shop/">
            {t('Return to shop')}
          </a>
        </div>
      ) : (
        <>
          <table className="cart-table">
            <TableHead columns={[t('Product'), ...said, { label: t('Remove'), hidden: true }]} />
            <tbody>
              {cart.items.map((item) => (
                <tr key={item.key}>
                  <td>
                    <a href={sitePath(item.permalink)}>{item.name}</a>
                    {item.variation.length > 0 && <div className="cart-table__variation">{choicesText(item.variation)}</div>}
                    <DeliveryTime own={item.extensions.laden?.delivery_time} fallback={site.shop.deliveryTime} />
                    <SpecialNotices special={item.extensions.laden?.special} />
                  </td>
                  <td data-title={said[0]}>
                    {formatMoney(item.prices.price)}
                    <PriceDetails facts={item.extensions.laden} />
                  </td>
                  <td data-title={said[1]}>
                    <QuantityCell
                      item={item}
                      enabled={spinnerEnabled(site.theme.quantityField)}
                      stepMax={site.theme.quantityStepMax ?? undefined}
                      onCommit={(n) => guard(() => updateCartItem(item.key, n))}
                    />
                  </td>
                  <td data-title={said[2]}>{formatMoney(lineTotal(item))}</td>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      aria-label={t('Remove %s from cart', item.name)}
                      onClick={() => remove(item.key)}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="cart-page__summary">
            <CouponField />
            <CartTotals cart={cart} shippingPage={site.shop.shippingPage} />
            <a className="button button--primary" href="/kasse/">
              {t('Proceed to checkout')}
            </a>
          </div>
          <CrossSells
            ids={crossSellIds(
              cart.items.map((i) => ({ id: i.id, parent: i.extensions.laden.parent, cross_sell_ids: i.extensions.laden.cross_sell_ids })),
            )}
            shippingPage={site.shop.shippingPage}
          />
        </>
      )}
    </div>
  );
}
