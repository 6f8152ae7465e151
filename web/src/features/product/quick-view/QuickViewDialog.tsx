/**
 * The quick-view modal (spec §2 "Product listing", §4 "Quick-view modal"),
 * loaded on first use as its own chunk. One dialog per product: created on
 * the first request and kept, so reopening shows the same element.
 */
import { useEffect, useState } from 'react';
import type { GallerySlide, ProductData, SiteData, VariationData } from '../../../lib/types';
import { useModalDialog } from '../../../components/useModalDialog';
import { t } from '../../../lib/i18n';
import { RestError, shopClient } from '../../../lib/rest/store';
import { Gallery } from '../components/Gallery';
import { ProductSummary } from '../components/ProductSummary';

interface QuickViewData {
  product: ProductData;
  gallery: GallerySlide[];
  variations: VariationData[];
  permalink: string;
}

export function QuickViewDialog({ id, site, open, onClose }: { id: number; site: SiteData; open: boolean; onClose: () => void }) {
  const dialog = useModalDialog(open, onClose);
  const [data, setData] = useState<QuickViewData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [variation, setVariation] = useState<VariationData | null>(null);

  useEffect(() => {
    let live = true;
    shopClient()<QuickViewData>({ path: `/laden/v1/products/${id}/quick-view` }).then(
      (d) => live && setData(d),
      (e: unknown) => live && setError(e instanceof RestError ? e.message : t('An unknown error occurred.')),
    );
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <dialog {...dialog} className="quick-view" data-quick-view={id} aria-labelledby={`quick-view-${id}-title`}>
      <div className="quick-view__body">
        <button type="button" className="quick-view__close" aria-label={t('Close')} onClick={onClose}>
          ×
        </button>
        {error && (
          <p className="notice notice--error" role="alert" id={`quick-view-${id}-title`}>
            {error}
          </p>
        )}
        {!error && !data && (
          <p className="quick-view__loading" id={`quick-view-${id}-title`}>
            {t('Loading …')}
          </p>
        )}
        {data && (
          <div className="product product--quick-view">
            <div className="product__top">
              <Gallery
                slides={data.gallery}
                name={data.product.name}
                override={variation}
                prefix={site.theme.prefix}
                lightbox={site.shop.lightbox}
                lightboxRoot={() => dialog.ref.current}
              />
              <div>
                <ProductSummary
                  site={site}
                  product={data.product}
                  variations={data.variations}
                  mode="quick-view"
                  onVariation={setVariation}
                  href={data.permalink}
                  titleId={`quick-view-${id}-title`}
                />
                <p>
                  <a href={data.permalink}>{t('View full details')}</a>
                </p>
              </div>
            </div>
          </div>
        )}
      </div>
    </dialog>
  );
}
