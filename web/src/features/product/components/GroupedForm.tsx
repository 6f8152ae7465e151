import { CartNotice } from './CartNotice';
import { useCartForm } from './useCartForm';
import { useState } from 'react';
import type { ProductData, SiteData } from '../../../lib/types';
import { Price } from '../../../components/Price';
import { addToCart, type Cart } from '../../../lib/cart/cart';
import { changeCart } from '../../../lib/cart/changes';
import { t } from '../../../lib/i18n';
import { groupedLines } from '../model/grouped';
import { sitePath } from '../../../lib/rest/permalink';

/** A grouped product's products, each with its own quantity, added to the cart together. */
export function GroupedForm({ site, items, uid }: { site: SiteData; items: ProductData[]; uid: string }) {
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const { message, busy, refuse, add } = useCartForm();

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const choice = groupedLines(
      items.map((p) => ({ id: p.id, max: p.add_to_cart.maximum, purchasable: p.is_purchasable && p.is_in_stock })),
      quantities,
    );
    if ('error' in choice) {
      const named = items.find((p) => p.id === choice.id);
      refuse(
        named
          ? t('Please enter a valid quantity for “%s”.', named.name)
          : t('Please choose the quantity of items you wish to add to your cart.'),
      );
      return;
    }
    const lines = choice.ok;
    await add(async () => {
      await changeCart(async () => {
        let cart: Cart | null = null;
        for (const line of lines) cart = await addToCart(line.id, line.quantity);
        if (!cart) throw new Error('no line');
        return cart;
      });
      setQuantities({});
      return t('The products have been added to your cart.');
    });
  }

  return (
    <form className="cart-form grouped-form" onSubmit={submit}>
      <table className="grouped-products">
        <tbody>
          {items.map((p) => {
            const id = `${uid}-qty-${p.id}`;
            const href = sitePath(p.permalink);
            const range = p.prices.price_range;
            return (
              <tr key={p.id}>
                <td className="grouped-products__qty">
                  {p.is_purchasable && p.is_in_stock ? (
                    <input
                      id={id}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={p.add_to_cart.maximum > 0 ? p.add_to_cart.maximum : undefined}
                      step={1}
                      placeholder="0"
                      aria-label={t('Quantity of “%s”', p.name)}
                      value={quantities[p.id] ?? ''}
                      onChange={(e) => setQuantities({ ...quantities, [p.id]: e.target.value })}
                    />
                  ) : (
                    <a className="button" href={p.type === 'external' ? p.add_to_cart.url : href}>
                      {p.is_in_stock ? p.add_to_cart.text : t('Out of stock')}
                    </a>
                  )}
                </td>
                <th scope="row" className="grouped-products__name">
                  <a href={href}>{p.name}</a>
                </th>
                <td className="grouped-products__price">
                  <Price
                    price={Number(range ? range.min_amount : p.prices.price)}
                    regular={range ? undefined : Number(p.prices.regular_price)}
                    from={range !== null && range.min_amount !== range.max_amount}
                    shippingPage={site.shop.shippingPage}
                    notices={false}
                    facts={p.extensions.laden}
                  />
                  {p.stock_availability.text && <span className="stock">{p.stock_availability.text}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="cart-form__buy">
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {t('Add to cart')}
        </button>
      </div>
      <CartNotice message={message} />
    </form>
  );
}
