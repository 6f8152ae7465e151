import type { ImageData, ProductData, Section, Widget } from '../../../app/types';
import { ProductGrid } from '../../../components/ProductCard';

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function WidgetView({ w, media, shippingPage, first }: { w: Widget; media: Record<string, ImageData>; shippingPage: string; first: boolean }) {
  switch (w.type) {
    case 'heading': {
      const level = typeof w['level'] === 'number' && w['level'] >= 1 && w['level'] <= 6 ? w['level'] : 2;
      const Tag = `h${level}` as 'h1';
      return <Tag className="pb-heading">{str(w['text'])}</Tag>;
    }
    case 'text':
      // Sanitised on the server when saved.
      return <div className="pb-text" dangerouslySetInnerHTML={{ __html: str(w['html']) }} />;
    case 'image': {
      const img = media[String(w['media'])];
      if (!img) return null;
      return (
        <figure className="pb-image">
          <img src={img.large.src} srcSet={img.srcset} sizes="(max-width: 1200px) 100vw, 1200px" width={img.large.width} height={img.large.height} alt={str(w['alt']) || img.alt} loading="lazy" decoding="async" />
        </figure>
      );
    }
    case 'button':
      return (
        <a className="button" href={str(w['href'])}>
          {str(w['text'])}
        </a>
      );
    case 'spacer':
      return <div className="pb-spacer" style={{ height: typeof w['height'] === 'number' ? w['height'] : 32 }} />;
    case 'product_grid': {
      const products = Array.isArray(w['products']) ? (w['products'] as ProductData[]) : [];
      return (
        <div className="pb-products">
          {str(w['title']) && <h3 className="pb-products__title">{str(w['title'])}</h3>}
          <ProductGrid products={products} shippingPage={shippingPage} eagerCount={first ? 4 : 0} quickView="link" />
        </div>
      );
    }
    default:
      return null;
  }
}

export function PageContent({ sections, media, shippingPage }: { sections: Section[]; media: Record<string, ImageData>; shippingPage: string }) {
  return (
    <div className="page-content">
      {sections.map((s, si) => (
        <section key={s.id ?? si} id={s.id} className={`pb-section pb-section--${s.layout ?? 'boxed'}`}>
          <div className="pb-section__inner">
            {s.columns.map((c, ci) => (
              <div key={ci} className="pb-column">
                {c.widgets.map((w, wi) => (
                  <WidgetView key={wi} w={w} media={media} shippingPage={shippingPage} first={si < 2} />
                ))}
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
