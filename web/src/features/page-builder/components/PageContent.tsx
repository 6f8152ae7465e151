import { useEffect, useRef } from 'react';
import '../page-builder.css';
import type { ImageData, ProductData, Section, Widget } from '../../../app/types';
import { ProductGrid } from '../../../components/ProductCard';
import { RESIZE_THROTTLE_MS } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { throttle } from '../../../lib/throttle';
import { stretchVars } from '../model/stretch';
import { samePath, setEditorView, useEditorView } from '../model/editorStore';
import { widgetDef } from '../model/widgets';
import { IconList, ImageCarousel, ImageComparison, Portfolio, ProductCarousel, Tabs, TestimonialCarousel, VideoWidget } from './widgets';

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
          {products.length === 0 ? <p className="pb-empty">{t('No products found.')}</p> : <ProductGrid products={products} shippingPage={shippingPage} eagerCount={first ? 4 : 0} quickView="link" />}
        </div>
      );
    }
    case 'product_carousel':
      return <ProductCarousel w={w} shippingPage={shippingPage} />;
    case 'video':
      return <VideoWidget w={w} media={media} />;
    case 'icon_list':
      return <IconList w={w} />;
    case 'tabs':
      return <Tabs w={w} />;
    case 'image_carousel':
      return <ImageCarousel w={w} media={media} />;
    case 'testimonial_carousel':
      return <TestimonialCarousel w={w} media={media} />;
    case 'portfolio':
      return <Portfolio w={w} media={media} />;
    case 'image_comparison':
      return <ImageComparison w={w} media={media} />;
    case 'anchor':
    case 'menu_anchor':
      return <div id={str(w['anchor'])} className="pb-anchor" />;
    default:
      return null;
  }
}

/**
 * A stretched section spans the window even inside a boxed layout: CSS gives
 * it 100vw at first (also on the server); in the browser its scrollbar and
 * container offset are measured (CSS variables, see `model/stretch.ts`) and
 * measured again after resizes.
 */
function useStretch(enabled: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el?.parentElement) return;
    const parent = el.parentElement;
    const apply = () => {
      const v = stretchVars(window.innerWidth, document.documentElement.clientWidth, parent.getBoundingClientRect().left);
      if (!v) return;
      el.style.setProperty('--pb-scrollbar', `${v.scrollbar}px`);
      el.style.setProperty('--pb-pull', `${v.pull}px`);
      el.dataset['stretched'] = 'measured';
    };
    apply();
    const onResize = throttle(apply, RESIZE_THROTTLE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, [enabled]);
  return ref;
}

function SectionView({ s, si, media, shippingPage, first, editing }: { s: Section; si: number; media: Record<string, ImageData>; shippingPage: string; first: boolean; editing: ReturnType<typeof useEditorView> | null }) {
  const stretched = s.layout === 'stretched';
  const ref = useStretch(stretched);
  return (
    <section ref={ref} id={s.id} className={`pb-section pb-section--${stretched ? 'stretched' : 'boxed'}`} data-section={editing ? si : undefined}>
      <div className="pb-section__inner">
        {s.columns.map((c, ci) => (
          <div key={ci} className="pb-column" data-column={editing ? ci : undefined}>
            {c.widgets.map((w, wi) => {
              const view = <WidgetView key={wi} w={w} media={media} shippingPage={shippingPage} first={first} />;
              if (!editing) return view;
              // In the editor every widget is selectable on the canvas (click, or Enter on focus).
              const path = { section: si, column: ci, widget: wi };
              const select = () => setEditorView({ selected: path });
              return (
                <div
                  key={wi}
                  className="pb-edit-widget"
                  data-widget-type={w.type}
                  data-selected={samePath(editing.selected, path) ? 'true' : undefined}
                  tabIndex={0}
                  role="button"
                  aria-label={t(widgetDef(w.type)?.label ?? w.type)}
                  onClickCapture={(e) => {
                    e.preventDefault();
                    select();
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && e.target === e.currentTarget) select();
                  }}
                >
                  {view}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}

export function PageContent({ sections, media, shippingPage, pageId }: { sections: Section[]; media: Record<string, ImageData>; shippingPage: string; pageId?: number }) {
  const editor = useEditorView();
  const editing = editor.doc ? editor : null;
  const shown = editor.doc?.sections ?? sections;
  const allMedia = editing ? { ...media, ...editor.media } : media;
  return (
    <div className={`page-content${editing ? ' is-editing' : ''}`} data-page-id={pageId}>
      {shown.map((s, si) => (
        <SectionView key={s.id ?? si} s={s} si={si} media={allMedia} shippingPage={shippingPage} first={si < 2} editing={editing} />
      ))}
    </div>
  );
}
