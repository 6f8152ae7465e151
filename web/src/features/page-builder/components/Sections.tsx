import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import type { ImageData, CardData, Section, Widget } from '../../../lib/types';
import { Picture } from '../../../components/Picture';
import { ProductGrid } from '../../../components/ProductCard';
import { RESIZE_THROTTLE_MS } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { throttle } from '../../../lib/throttle';
import { windowWidth } from '../../../lib/windowWidth';
import { stretchVars } from '../model/stretch';
import { withProducts, type ProductCache } from '../model/productCache';
import { IconList, ImageCarousel, ImageComparison, Portfolio, ProductCarousel, Tabs, TestimonialCarousel, VideoWidget } from './widgets';

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export function WidgetView({
  w,
  media,
  shippingPage,
  first,
}: {
  w: Widget;
  media: Record<string, ImageData>;
  shippingPage: string;
  first: boolean;
}) {
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
          <Picture image={img} size={img.large} sizes="(max-width: 1200px) 100vw, 1200px" alt={str(w['alt']) || img.alt} decoding="async" />
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
      const products = Array.isArray(w['products']) ? (w['products'] as CardData[]) : [];
      return (
        <div className="pb-products">
          {str(w['title']) && <h3 className="pb-products__title">{str(w['title'])}</h3>}
          {products.length === 0 ? (
            <p className="pb-empty">{t('No products found.')}</p>
          ) : (
            <ProductGrid products={products} shippingPage={shippingPage} eagerCount={first ? 4 : 0} quickView="link" />
          )}
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
 * measured again after resizes of the window or of its container.
 */
function useStretch(enabled: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el?.parentElement) return;
    const parent = el.parentElement;
    const apply = () => {
      const v = stretchVars(windowWidth(), document.documentElement.clientWidth, parent.getBoundingClientRect().left);
      if (!v) return;
      el.style.setProperty('--pb-scrollbar', `${v.scrollbar}px`);
      el.style.setProperty('--pb-pull', `${v.pull}px`);
      el.dataset['stretched'] = 'measured';
    };
    apply();
    const onResize = throttle(apply, RESIZE_THROTTLE_MS);
    window.addEventListener('resize', onResize);
    // The container also moves without a window resize (the editor's panel opening beside the page).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
    observer?.observe(parent);
    return () => {
      onResize.cancel();
      observer?.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, [enabled]);
  return ref;
}

/** Where a widget stands in the document. */
export interface Place {
  section: number;
  column: number;
}

/**
 * What the editor's canvas adds to the sections (handles, drop targets, selection); visitors'
 * pages have none of it and never load its code (EditingCanvas.tsx).
 */
export interface SectionEdit {
  section: (si: number) => { attrs: HTMLAttributes<HTMLElement> & Record<`data-${string}`, unknown>; handle: ReactNode };
  column: (at: Place, columns: number, widgets: number) => { attrs: Record<`data-${string}`, unknown>; extra: ReactNode };
  widget: (view: ReactNode, w: Widget, at: Place & { widget: number }) => ReactNode;
}

export function SectionView({
  s,
  si,
  media,
  products,
  shippingPage,
  first,
  edit,
}: {
  s: Section;
  si: number;
  media: Record<string, ImageData>;
  products: ProductCache | null;
  shippingPage: string;
  first: boolean;
  edit?: SectionEdit;
}) {
  const stretched = s.layout === 'stretched';
  const ref = useStretch(stretched);
  const sectionEdit = edit?.section(si);
  return (
    <section ref={ref} id={s.id} className={`pb-section pb-section--${stretched ? 'stretched' : 'boxed'}`} {...sectionEdit?.attrs}>
      {sectionEdit?.handle}
      <div className="pb-section__inner">
        {s.columns.map((c, ci) => {
          const columnEdit = edit?.column({ section: si, column: ci }, s.columns.length, c.widgets.length);
          return (
            <div key={ci} className="pb-column" {...columnEdit?.attrs}>
              {columnEdit?.extra}
              {c.widgets.map((raw, wi) => {
                const w = products ? withProducts(raw, products) : raw;
                const view = <WidgetView key={wi} w={w} media={media} shippingPage={shippingPage} first={first} />;
                return edit ? edit.widget(view, w, { section: si, column: ci, widget: wi }) : view;
              })}
            </div>
          );
        })}
      </div>
    </section>
  );
}
