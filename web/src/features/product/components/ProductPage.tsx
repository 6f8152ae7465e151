import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CardData, GallerySlide, ProductData, ReviewData, SiteData, VariationData } from '../../../lib/types';
import { ProductGrid } from '../../../components/ProductCard';
import { additionalInfo, safetyInfo } from '../model/details';
import { FoodPanel } from './FoodPanel';
import { InfoList } from './InfoList';
import { Stars } from '../../../components/Stars';
import { t } from '../../../lib/i18n';
import { REVIEW_SCROLL_MS, SCROLL_THROTTLE_MS, STICKY_SUMMARY_TOP_PX } from '../../../config/constants';
import { throttle } from '../../../lib/throttle';
import { windowWidth } from '../../../lib/windowWidth';
import { stickyTop } from '../model/sticky';
import { scrollToY } from '../../../lib/scroll';
import { reviewScrollOffset } from '../model/reviews';
import { bandFor, headerBehaviorAt, headerOverlapsAt } from '../../../lib/viewport';
import { galleryVariation, type Choice } from '../model/variations';
import { Gallery } from './Gallery';
import { ProductSummary } from './ProductSummary';

export function ProductPage({
  site,
  product,
  gallery,
  variations,
  reviews,
  attributeParams = {},
  initialChoice = {},
  grouped = [],
  upsells = [],
}: {
  site: SiteData;
  product: ProductData;
  gallery: GallerySlide[];
  variations: VariationData[];
  reviews: ReviewData[];
  attributeParams?: Record<string, string>;
  initialChoice?: Record<string, string>;
  grouped?: ProductData[];
  upsells?: CardData[];
}) {
  const [tab, setTab] = useState<'description' | 'info' | 'safety' | 'food' | 'reviews'>('description');
  const info = additionalInfo(product);
  const safety = safetyInfo(product);
  const food = product.extensions.laden.food;
  const names = product.attributes.filter((a) => a.has_variations).map((a) => a.name);
  // The gallery follows the choice, already before it is complete where the picture is certain.
  const [variation, setVariation] = useState<VariationData | null>(() => galleryVariation(variations, initialChoice, names));

  /** The choice goes into the URL, so the page can be shared (and is server-rendered) in that state. */
  function onChoice(choice: Choice) {
    setVariation(galleryVariation(variations, choice, names));
    const url = new URL(window.location.href);
    for (const [name, param] of Object.entries(attributeParams)) {
      const value = choice[name];
      if (value) url.searchParams.set(param, value);
      else url.searchParams.delete(param);
    }
    window.history.replaceState(window.history.state, '', url);
  }
  const reviewsId = `${site.theme.prefix}-wc-header-reviews`;

  // Sticky summary: 50 px from the top, or its end in view while scrolling down (spec §2).
  const sticky = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sticky.current;
    if (!el || !site.shop.stickySummary) return;
    let lastY = window.scrollY;
    const update = throttle(() => {
      const y = window.scrollY;
      if (y === lastY) return;
      const direction = y > lastY ? 'down' : 'up';
      lastY = y;
      el.style.top = `${stickyTop(direction, el.offsetHeight, window.innerHeight)}px`;
    }, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      update.cancel();
      window.removeEventListener('scroll', update);
    };
  }, [site.shop.stickySummary]);

  // Arriving with the reviews hash opens the reviews tab.
  useEffect(() => {
    if (window.location.hash === `#${reviewsId}`) setTab('reviews');
  }, [reviewsId]);

  /** The rating link: open the tab and scroll to it, allowing for the header (spec §2 "Reviews link"). */
  function showReviews(e: React.MouseEvent) {
    e.preventDefault();
    setTab('reviews');
    window.history.pushState(null, '', `#${reviewsId}`);
    const target = document.getElementById(reviewsId);
    const header = document.querySelector<HTMLElement>('.site-header');
    if (!target) return;
    const width = windowWidth();
    const device = bandFor(width);
    const offset = reviewScrollOffset({
      headerHeight: header?.offsetHeight ?? 0,
      overlaps: headerOverlapsAt(site.header.overlap, width),
      device,
      headerBehaviorOn: headerBehaviorAt(site.header, device) !== '',
    });
    if (offset === null) return;
    const top = target.getBoundingClientRect().top + window.scrollY - offset;
    scrollToY(top, site.theme.smoothScroll === false ? 0 : REVIEW_SCROLL_MS);
  }

  return (
    <article className="product">
      <div className="product__top">
        <Gallery
          slides={gallery}
          name={product.name}
          override={variation}
          prefix={site.theme.prefix}
          lightbox={site.shop.lightbox}
          vertical={site.shop.galleryVertical}
          pageUrl={product.permalink}
        />
        <div
          ref={sticky}
          className={site.shop.stickySummary ? 'product__sticky' : undefined}
          style={site.shop.stickySummary ? { top: STICKY_SUMMARY_TOP_PX } : undefined}
          data-testid="summary-column"
        >
          <ProductSummary
            site={site}
            product={product}
            variations={variations}
            mode="page"
            initialChoice={initialChoice}
            onChoice={onChoice}
            onReviews={showReviews}
            grouped={grouped}
          />
        </div>
      </div>
      <div className="tabs">
        <div role="tablist" aria-label={t('Product details')}>
          <Tab id="tab-description" panel="panel-description" selected={tab === 'description'} onSelect={() => setTab('description')}>
            {t('Description')}
          </Tab>
          {info.length > 0 && (
            <Tab id="tab-info" panel="panel-info" selected={tab === 'info'} onSelect={() => setTab('info')}>
              {t('Additional information')}
            </Tab>
          )}
          {safety.length > 0 && (
            <Tab id="tab-safety" panel="panel-safety" selected={tab === 'safety'} onSelect={() => setTab('safety')}>
              {t('Product safety')}
            </Tab>
          )}
          {food && (
            <Tab id="tab-food" panel="panel-food" selected={tab === 'food'} onSelect={() => setTab('food')}>
              {t('Food information')}
            </Tab>
          )}
          <Tab id={reviewsId} panel="panel-reviews" selected={tab === 'reviews'} onSelect={() => setTab('reviews')}>
            {t('Reviews (%d)', reviews.length)}
          </Tab>
        </div>
        <div
          role="tabpanel"
          id="panel-description"
          aria-labelledby="tab-description"
          hidden={tab !== 'description'}
          dangerouslySetInnerHTML={{ __html: product.description }}
        />
        {info.length > 0 && (
          <div role="tabpanel" id="panel-info" aria-labelledby="tab-info" hidden={tab !== 'info'}>
            <table className="product-attributes">
              <tbody>
                {info.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {safety.length > 0 && (
          <div role="tabpanel" id="panel-safety" aria-labelledby="tab-safety" hidden={tab !== 'safety'}>
            <InfoList rows={safety} />
          </div>
        )}
        {food && (
          <div role="tabpanel" id="panel-food" aria-labelledby="tab-food" hidden={tab !== 'food'}>
            <FoodPanel food={food} />
          </div>
        )}
        <div role="tabpanel" id="panel-reviews" aria-labelledby={reviewsId} hidden={tab !== 'reviews'}>
          {reviews.length === 0 ? (
            <p>{t('There are no reviews yet.')}</p>
          ) : (
            <ol className="reviews">
              {reviews.map((r) => (
                <li key={r.id}>
                  <Stars rating={r.rating} /> <strong>{r.reviewer}</strong> –{' '}
                  <time dateTime={r.date_created}>{r.formatted_date_created}</time>
                  {r.verified && <span className="verified"> ({t('verified owner')})</span>}
                  <div dangerouslySetInnerHTML={{ __html: r.review }} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      {upsells.length > 0 && (
        <section className="upsells" aria-labelledby="upsells-title">
          <h2 id="upsells-title">{t('You may also like…')}</h2>
          <ProductGrid products={upsells} shippingPage={site.shop.shippingPage} />
        </section>
      )}
    </article>
  );
}

/** A tab of the product's details: it names its panel and says whether it is the one shown. */
function Tab({
  id,
  panel,
  selected,
  onSelect,
  children,
}: {
  id: string;
  panel: string;
  selected: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" role="tab" id={id} aria-selected={selected} aria-controls={panel} onClick={onSelect}>
      {children}
    </button>
  );
}
