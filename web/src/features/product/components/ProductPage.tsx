import { useState } from 'react';
import type { GallerySlide, ProductData, ReviewData, SiteData, VariationData } from '../../../app/types';
import { Stars } from '../../../components/Stars';
import { t } from '../../../lib/i18n';
import { ProductSummary } from './ProductSummary';

export function Gallery({ slides, name, override }: { slides: GallerySlide[]; name: string; override: VariationData | null }) {
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
  const [tab, setTab] = useState<'description' | 'reviews'>('description');
  const [variation, setVariation] = useState<VariationData | null>(null);
  const reviewsId = `${site.theme.prefix}-wc-header-reviews`;

  return (
    <article className="product">
      <div className="product__top">
        <Gallery slides={gallery} name={product.name} override={variation} />
        <ProductSummary site={site} product={product} variations={variations} mode="page" onVariation={setVariation} onReviews={() => setTab('reviews')} />
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
