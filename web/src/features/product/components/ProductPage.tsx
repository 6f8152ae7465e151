import { useMemo, useState } from 'react';
import type { GallerySlide, ProductData, ReviewData, SiteData, VariationData } from '../../../app/types';
import { Price } from '../../../components/Price';
import { Stars } from '../../../components/Stars';
import { addToCart } from '../../../lib/cart/cart';
import { t, tn } from '../../../lib/i18n';
import { RestError } from '../../../lib/rest/store';
import { availableOptions, findVariation, type Choice } from '../model/variations';

function Gallery({ slides, name, override }: { slides: GallerySlide[]; name: string; override: VariationData | null }) {
  const [active, setActive] = useState(0);
  const first = override?.image ? ({ type: 'image', image: override.image } as GallerySlide) : slides[0];
  const shown = active === 0 ? first : slides[active];
  return (
    <div className="gallery">
      <div className="gallery__stage">
        {shown?.type === 'image' && (
          <img
            src={shown.image.large.src}
            srcSet={shown.image.srcset}
            sizes="(max-width: 767px) 100vw, 50vw"
            width={shown.image.large.width}
            height={shown.image.large.height}
            alt={shown.image.alt || name}
            fetchPriority="high"
          />
        )}
        {shown?.type === 'video' && <video src={shown.src} poster={shown.poster?.large.src} controls muted playsInline preload="none" />}
        {shown?.type === 'iframe' && <iframe src={shown.src} title={t('Video: %s', name)} loading="lazy" allowFullScreen />}
      </div>
      {slides.length > 1 && (
        <ul className="gallery__thumbs">
          {slides.map((s, i) => {
            const thumb = s.type === 'image' ? s.image.thumbnail : s.poster?.thumbnail;
            return (
              <li key={i}>
                <button type="button" aria-label={t('Show image %d', i + 1)} aria-pressed={i === active} onClick={() => setActive(i)}>
                  {thumb ? <img src={thumb} alt="" width={75} height={75} loading="lazy" /> : <span className="gallery__video-icon">▶</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function ProductPage({ site, product, gallery, variations, reviews }: { site: SiteData; product: ProductData; gallery: GallerySlide[]; variations: VariationData[]; reviews: ReviewData[] }) {
  const attrs = product.attributes.filter((a) => a.has_variations);
  const names = attrs.map((a) => a.name);
  const [choice, setChoice] = useState<Choice>({});
  const [qty, setQty] = useState('1');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<'description' | 'reviews'>('description');
  const variation = useMemo(() => findVariation(variations, choice, names), [variations, choice, names]);
  const isVariable = product.type === 'variable';
  const anyInStock = isVariable ? variations.some((v) => v.is_in_stock) : product.is_in_stock;
  const inStock = isVariable ? (variation ? variation.is_in_stock : anyInStock) : product.is_in_stock;
  const range = product.prices.price_range;
  const price = variation ? variation.display_price : Number(range ? range.min_amount : product.prices.price);
  const regular = variation ? variation.display_regular_price : range ? undefined : Number(product.prices.regular_price);
  const max = variation ? variation.max_qty : product.add_to_cart.maximum;
  const reviewsId = `${site.theme.prefix}-wc-header-reviews`;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setMessage(null);
    const n = Number(qty);
    if (!Number.isInteger(n) || n < 1) {
      setMessage({ kind: 'error', text: t('Please enter a whole number of at least 1.') });
      return;
    }
    if (isVariable && !variation) {
      setMessage({ kind: 'error', text: t('Please choose product options before adding this product to the cart.') });
      return;
    }
    setBusy(true);
    try {
      await addToCart(product.id, n, isVariable ? names.map((a) => ({ attribute: a, value: choice[a] ?? '' })) : []);
      setMessage({ kind: 'ok', text: t('“%s” has been added to your cart.', product.name) });
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof RestError ? err.message : t('An unknown error occurred.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="product">
      <div className="product__top">
        <Gallery slides={gallery} name={product.name} override={variation} />
        <div className="product__summary">
          <h1 className="product__title">{product.name}</h1>
          {product.review_count > 0 && (
            <p className="product__rating">
              <Stars rating={Number(product.average_rating)} />{' '}
              <a href={`#${reviewsId}`} onClick={() => setTab('reviews')}>
                {tn('%d customer review', '%d customer reviews', product.review_count)}
              </a>
            </p>
          )}
          <div className="badges">
            {inStock && (variation ? variation.display_price < variation.display_regular_price : product.on_sale) && <span className="badge badge--sale">{t('Sale!')}</span>}
            {!inStock && <span className="badge badge--out">{t('Out of stock')}</span>}
          </div>
          <Price price={price} regular={regular} from={!variation && range !== null && range.min_amount !== range.max_amount} shippingPage={site.shop.shippingPage} />
          <div className="product__short" dangerouslySetInnerHTML={{ __html: product.short_description }} />
          <form className="cart-form" onSubmit={submit}>
            {attrs.map((a) => {
              const available = availableOptions(variations, choice, a.name, a.terms.map((x) => x.name));
              const id = `attr-${a.name.replace(/\W+/g, '-')}`;
              return (
                <div className="field" key={a.name}>
                  <label htmlFor={id}>{a.name}</label>
                  <select id={id} value={choice[a.name] ?? ''} onChange={(e) => setChoice({ ...choice, [a.name]: e.target.value })}>
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
            {variation && (
              <p className={`stock ${variation.is_in_stock ? 'in-stock' : 'out-of-stock'}`}>
                {variation.is_in_stock
                  ? variation.low_stock_remaining !== null
                    ? t('Only %d left in stock', variation.low_stock_remaining)
                    : t('In stock')
                  : t('Out of stock')}
              </p>
            )}
            {!isVariable && product.low_stock_remaining !== null && <p className="stock in-stock">{t('Only %d left in stock', product.low_stock_remaining)}</p>}
            <div className="cart-form__buy">
              <label className="quantity">
                <span className="visually-hidden">{t('Quantity')}</span>
                <input type="number" inputMode="numeric" min={1} max={max > 0 ? max : undefined} step={1} value={qty} onChange={(e) => setQty(e.target.value)} aria-label={t('Quantity')} />
              </label>
              <button type="submit" className="button button--primary" disabled={busy || !inStock}>
                {t('Add to cart')}
              </button>
            </div>
            {message && (
              <p className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
                {message.text} {message.kind === 'ok' && <a href="/warenkorb/">{t('View cart')}</a>}
              </p>
            )}
          </form>
          {product.sku && (
            <p className="product__meta">
              {t('SKU:')} <span>{variation?.sku || product.sku}</span>
            </p>
          )}
        </div>
      </div>
      <div className="tabs">
        <div role="tablist" aria-label={t('Product details')}>
          <button type="button" role="tab" id="tab-description" aria-selected={tab === 'description'} aria-controls="panel-description" onClick={() => setTab('description')}>
            {t('Description')}
          </button>
          <button type="button" role="tab" id={reviewsId} aria-selected={tab === 'reviews'} aria-controls="panel-reviews" onClick={() => setTab('reviews')}>
            {t('Reviews (%d)', reviews.length)}
          </button>
        </div>
        <div role="tabpanel" id="panel-description" aria-labelledby="tab-description" hidden={tab !== 'description'} dangerouslySetInnerHTML={{ __html: product.description }} />
        <div role="tabpanel" id="panel-reviews" aria-labelledby={reviewsId} hidden={tab !== 'reviews'}>
          {reviews.length === 0 ? (
            <p>{t('There are no reviews yet.')}</p>
          ) : (
            <ol className="reviews">
              {reviews.map((r) => (
                <li key={r.id}>
                  <Stars rating={r.rating} /> <strong>{r.reviewer}</strong> – <time dateTime={r.date_created}>{r.formatted_date_created}</time>
                  {r.verified && <span className="verified"> ({t('verified owner')})</span>}
                  <div dangerouslySetInnerHTML={{ __html: r.review }} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </article>
  );
}
