import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { ImageData, CardData, Section, Widget } from '../../../app/types';
import { Picture } from '../../../components/Picture';
import { ProductGrid } from '../../../components/ProductCard';
import { RESIZE_THROTTLE_MS } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { throttle } from '../../../lib/throttle';
import { stretchVars } from '../model/stretch';
import { accepts, afterMidpoint, autoScrollStep, DRAG_THRESHOLD_PX, type DragItem, type DropTarget } from '../model/dragDrop';
import type { Layout } from '../model/editorState';
import { editorView, samePath, setEditorView, useEditorView } from '../model/editorStore';
import { cacheFromLayout, previewModeIn, PREVIEW_MESSAGE, PREVIEW_READY, withProducts, type ProductCache } from '../model/preview';
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
          <Picture image={img} src={img.large.src} sizes="(max-width: 1200px) 100vw, 1200px" width={img.large.width} height={img.large.height} alt={str(w['alt']) || img.alt} loading="lazy" decoding="async" />
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
 * measured again after resizes of the window or of its container.
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

type Editing = ReturnType<typeof useEditorView>;

/** Where a drag would land now, drawn as a line before or after that element. */
interface DropHint {
  key: string;
  after: boolean;
}

interface Found {
  key: string;
  target: DropTarget;
}

const nums = (v: string): number[] => v.split('-').map(Number);

/** Columns side by side are ordered by x, stacked ones (narrow windows) by y. */
function sideBySide(el: Element): boolean {
  const parent = el.parentElement?.getBoundingClientRect();
  return !!parent && el.getBoundingClientRect().width < parent.width * 0.9;
}

/** The part of the window the canvas shows: below a stuck header, above the editor's bottom sheet. */
function visibleCanvas(): { top: number; bottom: number } {
  const header = document.querySelector('.site-header');
  const stuck = header && ['fixed', 'sticky'].includes(getComputedStyle(header).position) ? header.getBoundingClientRect() : null;
  const panel = document.querySelector('.editor-panel')?.getBoundingClientRect();
  const sheet = panel && panel.left <= 0 && panel.top > 0 ? panel.top : window.innerHeight;
  return { top: stuck && stuck.bottom > 0 ? stuck.bottom : 0, bottom: sheet };
}

/** The nearest element under the pointer that takes the dragged item, and where in it. */
function targetAt(x: number, y: number, item: DragItem): Found | null {
  for (let el = document.elementFromPoint(x, y); el; el = el.parentElement) {
    if (!(el instanceof HTMLElement)) continue;
    const r = el.getBoundingClientRect();
    const d = el.dataset;
    const candidates: Found[] = [];
    if (d['dropWidget']) {
      const [section = 0, column = 0, widget = 0] = nums(d['dropWidget']);
      candidates.push({ key: `w${d['dropWidget']}`, target: { kind: 'widget', path: { section, column, widget }, after: afterMidpoint(r.top, r.height, y) } });
    }
    if (d['dropColumn']) {
      const [section = 0, column = 0] = nums(d['dropColumn']);
      const after = sideBySide(el) ? afterMidpoint(r.left, r.width, x) : afterMidpoint(r.top, r.height, y);
      candidates.push({ key: `c${d['dropColumn']}`, target: { kind: 'column', section, column, after } }, { key: `c${d['dropColumn']}-end`, target: { kind: 'column-end', section, column } });
    }
    if (d['dropSection']) {
      candidates.push({ key: `s${d['dropSection']}`, target: { kind: 'section', index: Number(d['dropSection']), after: afterMidpoint(r.top, r.height, y) } });
    }
    const hit = candidates.find((c) => accepts(item, c.target));
    if (hit) return hit;
  }
  return null;
}

/**
 * The canvas's drag and drop, by pointer events so mouse, pen and touch all drag: a handle
 * (widget, column, section) is pressed and moved past a few pixels; the element under the
 * pointer that takes the item shows where it would land; letting go hands the drop to the
 * editor. The window scrolls when the pointer nears its top or bottom edge.
 */
function useCanvasDrag(editing: Editing | null) {
  const [hint, setHint] = useState<DropHint | null>(null);
  const [dragging, setDragging] = useState(false);
  const handle = (dragged: DragItem) => ({
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (!editing || e.button !== 0) return;
      e.preventDefault();
      e.stopPropagation();
      const el = e.currentTarget;
      el.setPointerCapture?.(e.pointerId);
      const start = { x: e.clientX, y: e.clientY };
      let active = false;
      let found: Found | null = null;
      let last = start;
      let frame = 0;
      const locate = () => {
        found = targetAt(last.x, last.y, dragged);
        setHint(found ? { key: found.key, after: 'after' in found.target ? found.target.after : true } : null);
      };
      // Near the visible canvas's ends the window keeps scrolling, frame by frame, while the pointer rests there.
      const scroll = () => {
        const { top, bottom } = visibleCanvas();
        const step = autoScrollStep(last.y, top, bottom);
        if (step === 0) {
          frame = 0;
          return;
        }
        window.scrollBy(0, step);
        locate();
        frame = window.requestAnimationFrame(scroll);
      };
      const move = (ev: PointerEvent) => {
        if (!active && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < DRAG_THRESHOLD_PX) return;
        if (!active) {
          active = true;
          setDragging(true);
        }
        last = { x: ev.clientX, y: ev.clientY };
        locate();
        if (!frame) frame = window.requestAnimationFrame(scroll);
      };
      const finish = (drop: boolean) => {
        window.cancelAnimationFrame(frame);
        el.removeEventListener('pointermove', move);
        el.removeEventListener('pointerup', up);
        el.removeEventListener('pointercancel', cancel);
        setHint(null);
        setDragging(false);
        if (drop && active && found) editing.drop?.(dragged, found.target);
      };
      const up = () => finish(true);
      const cancel = () => finish(false);
      el.addEventListener('pointermove', move);
      el.addEventListener('pointerup', up);
      el.addEventListener('pointercancel', cancel);
    },
  });
  const hintFor = (key: string): 'before' | 'after' | undefined => (hint?.key === key ? (hint.after ? 'after' : 'before') : undefined);
  return { handle, hintFor, dragging };
}

type CanvasDrag = ReturnType<typeof useCanvasDrag>;

function SectionView({ s, si, media, products, shippingPage, first, editing, drag }: { s: Section; si: number; media: Record<string, ImageData>; products: ProductCache | null; shippingPage: string; first: boolean; editing: Editing | null; drag: CanvasDrag }) {
  const stretched = s.layout === 'stretched';
  const ref = useStretch(stretched);
  const sectionKey = `s${si}`;
  return (
    <section
      ref={ref}
      id={s.id}
      className={`pb-section pb-section--${stretched ? 'stretched' : 'boxed'}`}
      data-section={editing ? si : undefined}
      data-drop-section={editing ? si : undefined}
      data-drop={editing ? drag.hintFor(sectionKey) : undefined}
    >
      {editing && (
        <span className="pb-edit-handle pb-edit-handle--section" {...drag.handle({ kind: 'section', index: si })} onClick={() => setEditorView({ selected: null, place: { section: si, column: 0 } })} title={t('Drag section')} aria-hidden="true">
          {t('Section %d', si + 1)}
        </span>
      )}
      <div className="pb-section__inner">
        {s.columns.map((c, ci) => {
          const columnKey = `c${si}-${ci}`;
          return (
            <div
              key={ci}
              className="pb-column"
              data-column={editing ? ci : undefined}
              data-drop-column={editing ? `${si}-${ci}` : undefined}
              data-drop={editing ? drag.hintFor(columnKey) ?? (drag.hintFor(`${columnKey}-end`) ? 'end' : undefined) : undefined}
            >
              {editing && s.columns.length > 1 && (
                <span className="pb-edit-handle pb-edit-handle--column" {...drag.handle({ kind: 'column', section: si, column: ci })} onClick={() => setEditorView({ selected: null, place: { section: si, column: ci } })} title={t('Drag column')} aria-hidden="true">
                  {t('Column %d', ci + 1)}
                </span>
              )}
              {editing && c.widgets.length === 0 && (
                <button type="button" className="pb-empty pb-edit-empty" data-selected={editing.place?.section === si && editing.place.column === ci && !editing.selected ? 'true' : undefined} onClick={() => setEditorView({ selected: null, place: { section: si, column: ci } })}>
                  {t('Empty column: drag widgets here or choose it to add widgets.')}
                </button>
              )}
              {c.widgets.map((raw, wi) => {
                const w = products ? withProducts(raw, products) : raw;
                const view = <WidgetView key={wi} w={w} media={media} shippingPage={shippingPage} first={first} />;
                if (!editing) return view;
                // In the editor every widget is selectable on the canvas (click, or Enter on focus) and can be dragged.
                const path = { section: si, column: ci, widget: wi };
                const widgetKey = `w${si}-${ci}-${wi}`;
                const select = () => setEditorView({ selected: path, place: { section: si, column: ci } });
                return (
                  <div
                    key={wi}
                    className="pb-edit-widget"
                    data-widget-type={w.type}
                    data-selected={samePath(editing.selected, path) ? 'true' : undefined}
                    data-drop-widget={`${si}-${ci}-${wi}`}
                    data-drop={drag.hintFor(widgetKey)}
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
                    <span className="pb-edit-handle pb-edit-handle--widget" {...drag.handle({ kind: 'widget', path })} title={t('Drag widget')} aria-hidden="true" />
                    {view}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/**
 * In the editor's preview frame (`?editor_preview=1` inside the editor's page), the page
 * shows the document the editor sends, not the saved one.
 */
function usePreviewFrame() {
  useEffect(() => {
    if (!previewModeIn(window.location.search) || window.parent === window) return;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== window.parent) return;
      const data = e.data as { type?: string; doc?: Layout; media?: Record<string, ImageData>; products?: ProductCache } | null;
      if (data?.type !== PREVIEW_MESSAGE || !data.doc) return;
      setEditorView({ doc: data.doc, media: data.media ?? {}, products: data.products ?? {}, preview: true, selected: null });
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}

export function PageContent({ sections, media, shippingPage, pageId }: { sections: Section[]; media: Record<string, ImageData>; shippingPage: string; pageId?: number }) {
  const editor = useEditorView();
  usePreviewFrame();
  const active = editor.doc !== null;
  const editing = active && !editor.preview ? editor : null;
  const drag = useCanvasDrag(editing);
  // The products the server rendered seed the editor's products, so grids do not blink empty.
  useEffect(() => {
    if (active && !editor.preview) setEditorView({ products: { ...cacheFromLayout({ version: 1, sections }), ...editorView().products } });
    // Once when the editor takes over; the rendered sections do not change under it.
  }, [active]);
  const shown = editor.doc?.sections ?? sections;
  const allMedia = active ? { ...media, ...editor.media } : media;
  return (
    <div className={`page-content${editing ? ' is-editing' : ''}${drag.dragging ? ' is-dragging' : ''}`} data-page-id={pageId}>
      {shown.map((s, si) => (
        <SectionView key={s.id ?? si} s={s} si={si} media={allMedia} products={active ? editor.products : null} shippingPage={shippingPage} first={si < 2} editing={editing} drag={drag} />
      ))}
    </div>
  );
}
