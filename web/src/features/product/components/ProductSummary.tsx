import { CartNotice } from './CartNotice';
import { useCartForm } from './useCartForm';
import { Fragment, useMemo, useState } from 'react';
import type { ProductData, SiteData, VariationData } from '../../../lib/types';
import { listingBadges, type Badges } from '../../../components/badges';
import { DeliveryTime } from '../../../components/DeliveryTime';
import { SpecialNotices } from '../../../components/SpecialNotices';
import { Price } from '../../../components/Price';
import { QuantitySpinner } from '../../../components/QuantitySpinner';
import { Stars } from '../../../components/Stars';
import { QUICK_VIEW_MIN_QUANTITY } from '../../../config/constants';
import { announce } from '../../../lib/announce';
import { addToCart } from '../../../lib/cart/cart';
import { changeCart } from '../../../lib/cart/changes';
import { t, tn } from '../../../lib/i18n';
import { parseQuantity, quickViewStep, spinnerEnabled } from '../../../lib/quantity/spinner';
import { badgesAfter, badgesOnLoad } from '../model/badges';
import { availableOptions, findVariation, variationAnnouncement, variationStock, type Choice } from '../model/variations';
import { GroupedForm } from './GroupedForm';

/** Spec §5 "Quick-view quantity": a custom input between '-' and '+', copied into the native field. */
function QuickViewQuantity({ value, onChange, max }: { value: string; onChange: (v: string) => void; max: number }) {
  const n = Number(value);
  return (
    <span className="qty qty--quick-view">
      <button
        type="button"
        className="qty__btn qty__btn--minus"
        aria-label={t('Decrease quantity')}
        onClick={() => onChange(String(quickViewStep(n, -1, QUICK_VIEW_MIN_QUANTITY)))}
      >
        −
      </button>
      <input
        className="qty__custom"
        type="text"
        role="spinbutton"
        inputMode="numeric"
        autoComplete="off"
        aria-label={t('Quantity')}
        aria-valuenow={Number.isFinite(n) ? n : undefined}
        aria-valuemin={QUICK_VIEW_MIN_QUANTITY}
        aria-valuemax={max > 0 ? max : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <button
        type="button"
        className="qty__btn qty__btn--plus"
        aria-label={t('Increase quantity')}
        onClick={() => onChange(String(quickViewStep(n, 1, QUICK_VIEW_MIN_QUANTITY)))}
      >
        +
      </button>
      <input
        className="qty__native"
        type="number"
        name="quantity"
        min={QUICK_VIEW_MIN_QUANTITY}
        max={max > 0 ? max : undefined}
        value={value}
        readOnly
        hidden
      />
    </span>
  );
}

export interface SummaryProps {
  site: SiteData;
  product: ProductData;
  variations: VariationData[];
  mode: 'page' | 'quick-view';
  /** Called with the chosen variation (or null) whenever the choice changes. */
  onVariation?: (v: VariationData | null) => void;
  /** Called with the whole choice and its variation whenever it changes. */
  onChoice?: (choice: Choice, v: VariationData | null) => void;
  /** The choice to start with (from a shared URL). */
  initialChoice?: Choice;
  /** The product page opens its reviews tab; the quick view links to the page. */
  onReviews?: (e: React.MouseEvent) => void;
  /** Where the title links to (quick view only). */
  href?: string;
  /** The title's id (a dialog is labelled by it). */
  titleId?: string;
  /** A grouped product's products, as its form lists them. */
  grouped?: ProductData[];
}

/** Title, rating, badges, price and the add-to-cart form: the product page's summary and the quick view's. */
export function ProductSummary({
  site,
  product,
  variations,
  mode,
  onVariation,
  onChoice,
  initialChoice,
  onReviews,
  href,
  titleId,
  grouped = [],
}: SummaryProps) {
  const attrs = product.attributes.filter((a) => a.has_variations);
  const names = useMemo(() => attrs.map((a) => a.name), [attrs]);
  const isVariable = product.type === 'variable';
  const [choice, setChoice] = useState<Choice>(() => initialChoice ?? {});
  const [qty, setQty] = useState('1');
  const { message, busy, refuse, add } = useCartForm();
  const [badges, setBadges] = useState<Badges>(() => {
    if (!isVariable) return listingBadges(product);
    const onLoad = badgesOnLoad(variations, product.on_sale);
    const start = initialChoice
      ? findVariation(
          variations,
          initialChoice,
          attrs.map((a) => a.name),
        )
      : null;
    return start ? badgesAfter(onLoad, { kind: 'selected', variation: start }, variations) : onLoad;
  });
  const variation = useMemo(() => findVariation(variations, choice, names), [variations, choice, names]);
  const anyInStock = isVariable ? variations.some((v) => v.is_in_stock) : product.is_in_stock;
  const inStock = isVariable ? (variation ? variation.is_in_stock : anyInStock) : product.is_in_stock;
  const range = product.prices.price_range;
  const price = variation ? variation.display_price : Number(range ? range.min_amount : product.prices.price);
  const regular = variation ? variation.display_regular_price : range ? undefined : Number(product.prices.regular_price);
  const max = variation ? variation.max_qty : product.add_to_cart.maximum;
  const special = variation ? variation.special : product.extensions?.laden?.special;
  const reviewsId = `${site.theme.prefix}-wc-header-reviews`;
  const uid = `${mode}-${product.id}`;

  function choose(name: string, value: string) {
    const next = { ...choice, [name]: value };
    setChoice(next);
    const found = findVariation(variations, next, names);
    let b = value === '' ? badgesAfter(badges, { kind: 'cleared' }, variations) : badges;
    b = badgesAfter(b, found ? { kind: 'selected', variation: found } : { kind: 'none' }, variations);
    setBadges(b);
    onVariation?.(found);
    onChoice?.(next, found);
    announce(variationAnnouncement(variations, next, names));
  }

  /** Shows the form's message and says it: refusals at once, success with the cart's change. */
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get('quantity');
    const n = parseQuantity(typeof raw === 'string' ? raw : qty, 'de-DE');
    if (n === null || !Number.isInteger(n) || n < 1) {
      refuse(t('Please enter a whole number of at least 1.'));
      return;
    }
    if (isVariable && !variation) {
      refuse(t('Please choose product options before adding this product to the cart.'));
      return;
    }
    const lines = isVariable ? names.map((a) => ({ attribute: a, value: choice[a] ?? '' })) : [];
    await add(async () => {
      await changeCart(() => addToCart(product.id, n, lines));
      return t('“%s” has been added to your cart.', product.name);
    });
  }

  const Title = mode === 'page' ? 'h1' : 'h2';
  return (
    <div className="product__summary">
      <Title className="product__title" id={titleId ?? `${uid}-title`}>
        {href ? <a href={href}>{product.name}</a> : product.name}
      </Title>
      {product.review_count > 0 && (
        <p className="product__rating">
          <Stars rating={Number(product.average_rating)} />{' '}
          <a href={mode === 'page' ? `#${reviewsId}` : `${href ?? ''}#${reviewsId}`} onClick={onReviews}>
            {tn('%d customer review', '%d customer reviews', product.review_count)}
          </a>
        </p>
      )}
      <div className="badges" data-testid="badges">
        {badges.sale && <span className="badge badge--sale">{t('Sale!')}</span>}
        {badges.outOfStock && <span className="badge badge--out">{t('Out of stock')}</span>}
      </div>
      <Price
        price={price}
        regular={regular}
        from={!variation && range !== null && range.min_amount !== range.max_amount}
        shippingPage={site.shop.shippingPage}
        facts={variation ?? product.extensions?.laden}
      />
      <DeliveryTime
        own={variation ? variation.delivery_time : product.extensions?.laden?.delivery_time}
        fallback={site.shop.deliveryTime}
      />
      {site.shop.exports && (
        <p className="product__export" data-testid="export-note">
          {t(
            'Deliveries outside the EU are tax-free exports: the cart charges the price without German VAT once you choose such a delivery country.',
          )}
        </p>
      )}
      {site.shop.euNetPrices && (
        <p className="product__export" data-testid="eu-net-note">
          {t(
            'Where the shop charges the VAT of another EU delivery country, the net price stays the same: the cart shows the price with that country’s VAT once you choose it.',
          )}
        </p>
      )}
      <SpecialNotices special={special} />
      {special?.photovoltaic && (
        <p className="product__zero-rate" data-testid="zero-rate">
          {t('Zero rate for photovoltaic systems (section 12 (3) UStG): you confirm its conditions when you order.')}
        </p>
      )}
      <div className="product__short" dangerouslySetInnerHTML={{ __html: product.short_description }} />
      {product.type === 'external' ? (
        <p className="cart-form">
          <a className="button button--primary" href={product.add_to_cart.url} rel="nofollow noopener">
            {product.add_to_cart.text}
          </a>
        </p>
      ) : product.type === 'grouped' && mode === 'quick-view' ? (
        <p className="cart-form">
          <a className="button button--primary" href={href ?? product.permalink}>
            {product.add_to_cart.text}
          </a>
        </p>
      ) : product.type === 'grouped' ? (
        <GroupedForm site={site} items={grouped} uid={uid} />
      ) : (
        <form className="cart-form" onSubmit={submit}>
          {attrs.map((a) => {
            const available = availableOptions(
              variations,
              choice,
              a.name,
              a.terms.map((x) => x.name),
            );
            const id = `${uid}-attr-${a.name.replace(/\W+/g, '-')}`;
            return (
              <div className="field" key={a.name}>
                <label htmlFor={id}>{a.name}</label>
                <select id={id} value={choice[a.name] ?? ''} onChange={(e) => choose(a.name, e.target.value)}>
                  <option value="">{t('Choose an option')}</option>
                  {a.terms.map((term) => (
                    <option key={term.name} value={term.name} disabled={!available.has(term.name)}>
                      {term.name}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
          {variation && <p className={`stock ${variation.is_in_stock ? 'in-stock' : 'out-of-stock'}`}>{variationStock(variation)}</p>}
          {!isVariable && product.low_stock_remaining !== null && (
            <p className="stock in-stock">{t('Only %d left in stock', product.low_stock_remaining)}</p>
          )}
          {!isVariable && product.stock_availability.text && (
            <p className={`stock ${product.stock_availability.class}`}>{product.stock_availability.text}</p>
          )}
          <div className="cart-form__buy">
            {product.sold_individually ? (
              <input type="hidden" name="quantity" value="1" />
            ) : mode === 'quick-view' ? (
              <QuickViewQuantity value={qty} onChange={setQty} max={max} />
            ) : (
              <QuantitySpinner
                id={`${uid}-qty`}
                value={parseQuantity(qty, 'de-DE')}
                onChange={(n) => setQty(n === null ? '' : String(n))}
                field={{ min: 1, max: max > 0 ? max : undefined, step: 1, stepMax: site.theme.quantityStepMax ?? undefined }}
                enabled={spinnerEnabled(site.theme.quantityField)}
              />
            )}
            {/* Busy is aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start. */}
            <button type="submit" className="button button--primary" disabled={!inStock} aria-disabled={busy || undefined}>
              {t('Add to cart')}
            </button>
          </div>
          <CartNotice message={message} />
        </form>
      )}
      {product.sku && (
        <p className="product__meta">
          {t('SKU:')} <span>{variation?.sku || product.sku}</span>
        </p>
      )}
      {product.tags.length > 0 && (
        <p className="product__meta product__tags">
          {t('Tags:')}{' '}
          {product.tags.map((tag, i) => (
            <Fragment key={tag.id}>
              {i > 0 && ', '}
              <a href={`/produkt-schlagwort/${tag.slug}/`} rel="tag">
                {tag.name}
              </a>
            </Fragment>
          ))}
        </p>
      )}
    </div>
  );
}
