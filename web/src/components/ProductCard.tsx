import type { ProductData } from '../app/types';
import { t } from '../lib/i18n';
import { listingBadges } from './badges';
import { Price } from './Price';
import { Stars } from './Stars';

export function ProductCard({ product, shippingPage, eager = false }: { product: ProductData; shippingPage: string; eager?: boolean }) {
  const img = product.images[0];
  const badges = listingBadges(product);
  const range = product.prices.price_range;
  const price = Number(range ? range.min_amount : product.prices.price);
  const regular = range ? undefined : Number(product.prices.regular_price);
  const rating = Number(product.average_rating);
  return (
    <li className="product-card" data-product-id={product.id}>
      <a className="product-card__link" href={product.permalink.replace(/^https?:\/\/[^/]+/, '')}>
        <span className="product-card__media">
          {img ? (
            <img
              src={img.medium.src}
              srcSet={img.srcset}
              sizes="(max-width: 575px) 50vw, (max-width: 991px) 33vw, 25vw"
              width={img.medium.width}
              height={img.medium.height}
              // The title is in the same link: the picture adds no name of its own.
              alt=""
              loading={eager ? 'eager' : 'lazy'}
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
      <Price price={price} regular={regular} from={range !== null && range.min_amount !== range.max_amount} shippingPage={shippingPage} />
      <a className="button button--small" href={product.permalink.replace(/^https?:\/\/[^/]+/, '')}>
        {product.type === 'variable' ? t('Select options') : t('View product')}
      </a>
    </li>
  );
}

export function ProductGrid({ products, shippingPage, eagerCount = 0 }: { products: ProductData[]; shippingPage: string; eagerCount?: number }) {
  if (products.length === 0) return <p className="empty">{t('No products were found matching your selection.')}</p>;
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} shippingPage={shippingPage} eager={i < eagerCount} />
      ))}
    </ul>
  );
}
