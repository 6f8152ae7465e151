import type { CardData } from '../lib/types';
import { useQuickView } from './quickView';
import { t } from '../lib/i18n';
import { listingBadges } from './badges';
import { Picture } from './Picture';
import { Price } from './Price';
import { Stars } from './Stars';
import { sitePath } from '../lib/rest/permalink';

/**
 * How a card opens its quick view: with its own button, or (where a listing has
 * no such button) by a click on the title or image, which then no longer navigates.
 */
export type QuickViewTrigger = 'button' | 'link';

export function ProductCard({
  product,
  shippingPage,
  eager = false,
  quickView = 'button',
}: {
  product: CardData;
  shippingPage: string;
  eager?: boolean;
  quickView?: QuickViewTrigger;
}) {
  const openQuickView = useQuickView();
  const href = sitePath(product.permalink);
  const img = product.images[0];
  const badges = listingBadges(product);
  const range = product.prices.price_range;
  const price = Number(range ? range.min_amount : product.prices.price);
  const regular = range ? undefined : Number(product.prices.regular_price);
  const rating = Number(product.average_rating);
  return (
    <li className="product-card" data-product-id={product.id}>
      <a
        className="product-card__link"
        href={href}
        onClick={
          openQuickView && quickView === 'link'
            ? (e) => {
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                openQuickView(product.id);
              }
            : undefined
        }
      >
        <span className="product-card__media">
          {img ? (
            <Picture
              image={img}
              size={img.medium}
              sizes="(max-width: 575px) 50vw, (max-width: 991px) 33vw, 25vw"
              // The title is in the same link: the picture adds no name of its own.
              alt=""
              eager={eager}
              decoding="async"
            />
          ) : (
            <span className="product-card__placeholder" aria-hidden="true" />
          )}
          <span className="badges">
            {badges.sale && <span className="badge badge--sale">{t('Sale!')}</span>}
            {badges.outOfStock && <span className="badge badge--out">{t('Out of stock')}</span>}
          </span>
        </span>
        <h3 className="product-card__title">{product.name}</h3>
      </a>
      {product.review_count > 0 && <Stars rating={rating} />}
      <Price
        price={price}
        regular={regular}
        from={range !== null && range.min_amount !== range.max_amount}
        shippingPage={shippingPage}
        facts={product.extensions?.laden}
      />
      <a className="button button--small" href={href}>
        {product.type === 'variable' ? t('Select options') : t('View product')}
      </a>
      {openQuickView && quickView === 'button' && (
        <button
          type="button"
          className="button button--small button--ghost quick-view-button"
          aria-label={t('Quick view: %s', product.name)}
          onClick={() => openQuickView(product.id)}
        >
          {t('Quick view')}
        </button>
      )}
    </li>
  );
}

export function ProductGrid({
  products,
  shippingPage,
  eagerCount = 0,
  quickView = 'button',
}: {
  products: CardData[];
  shippingPage: string;
  eagerCount?: number;
  quickView?: QuickViewTrigger;
}) {
  if (products.length === 0) return <p className="empty">{t('No products were found matching your selection.')}</p>;
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} shippingPage={shippingPage} eager={i < eagerCount} quickView={quickView} />
      ))}
    </ul>
  );
}
