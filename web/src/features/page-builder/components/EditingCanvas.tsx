import { useEffect, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { ImageData, Section } from '../../../lib/types';
import { t } from '../../../lib/i18n';
import { accepts, afterMidpoint, autoScrollStep, DRAG_THRESHOLD_PX, type DragItem, type DropTarget } from '../model/dragDrop';
import { editorView, samePath, setEditorView, type EditorView } from '../model/editorStore';
import { cacheFromLayout } from '../model/preview';
import type { ProductCache } from '../model/productCache';
import { widgetLabel } from '../model/widgetLabels';
import { SectionView, type SectionEdit } from './Sections';

type Editing = EditorView;

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
      candidates.push({
        key: `w${d['dropWidget']}`,
        target: { kind: 'widget', path: { section, column, widget }, after: afterMidpoint(r.top, r.height, y) },
      });
    }
    if (d['dropColumn']) {
      const [section = 0, column = 0] = nums(d['dropColumn']);
      const after = sideBySide(el) ? afterMidpoint(r.left, r.width, x) : afterMidpoint(r.top, r.height, y);
      candidates.push(
        { key: `c${d['dropColumn']}`, target: { kind: 'column', section, column, after } },
        { key: `c${d['dropColumn']}-end`, target: { kind: 'column-end', section, column } },
      );
    }
    if (d['dropSection']) {
      candidates.push({
        key: `s${d['dropSection']}`,
        target: { kind: 'section', index: Number(d['dropSection']), after: afterMidpoint(r.top, r.height, y) },
      });
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

function useSectionEdit(editing: Editing, drag: CanvasDrag): SectionEdit {
  return {
    section: (si) => ({
      attrs: { 'data-section': si, 'data-drop-section': si, 'data-drop': drag.hintFor(`s${si}`) },
      handle: (
        <span
          className="pb-edit-handle pb-edit-handle--section"
          {...drag.handle({ kind: 'section', index: si })}
          onClick={() => setEditorView({ selected: null, place: { section: si, column: 0 } })}
          title={t('Drag section')}
          aria-hidden="true"
        >
          {t('Section %d', si + 1)}
        </span>
      ),
    }),
    column: ({ section: si, column: ci }, columns, widgets) => {
      const columnKey = `c${si}-${ci}`;
      return {
        attrs: {
          'data-column': ci,
          'data-drop-column': `${si}-${ci}`,
          'data-drop': drag.hintFor(columnKey) ?? (drag.hintFor(`${columnKey}-end`) ? 'end' : undefined),
        },
        extra: (
          <>
            {columns > 1 && (
              <span
                className="pb-edit-handle pb-edit-handle--column"
                {...drag.handle({ kind: 'column', section: si, column: ci })}
                onClick={() => setEditorView({ selected: null, place: { section: si, column: ci } })}
                title={t('Drag column')}
                aria-hidden="true"
              >
                {t('Column %d', ci + 1)}
              </span>
            )}
            {widgets === 0 && (
              <button
                type="button"
                className="pb-empty pb-edit-empty"
                data-selected={editing.place?.section === si && editing.place.column === ci && !editing.selected ? 'true' : undefined}
                onClick={() => setEditorView({ selected: null, place: { section: si, column: ci } })}
              >
                {t('Empty column: drag widgets here or choose it to add widgets.')}
              </button>
            )}
          </>
        ),
      };
    },
    // In the editor every widget is selectable on the canvas (click, or Enter on focus) and can be dragged.
    widget: (view, w, path) => {
      const select = () => setEditorView({ selected: path, place: { section: path.section, column: path.column } });
      return (
        <div
          key={path.widget}
          className="pb-edit-widget"
          data-widget-type={w.type}
          data-selected={samePath(editing.selected, path) ? 'true' : undefined}
          data-drop-widget={`${path.section}-${path.column}-${path.widget}`}
          data-drop={drag.hintFor(`w${path.section}-${path.column}-${path.widget}`)}
          tabIndex={0}
          role="button"
          onClickCapture={(e) => {
            e.preventDefault();
            select();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.target === e.currentTarget) select();
          }}
        >
          <span
            className="pb-edit-handle pb-edit-handle--widget"
            {...drag.handle({ kind: 'widget', path })}
            title={t('Drag widget')}
            aria-hidden="true"
          />
          {/* The widget's kind, then its visible text: the name holds what is seen (WCAG 2.5.3). */}
          <span className="visually-hidden">{`${t(widgetLabel(w.type))}: `}</span>
          {view}
        </div>
      );
    },
  };
}

/**
 * The page as the editor's canvas: the same sections with handles, drop targets and
 * selection. Loaded only once the editor takes over the page.
 */
export function EditingCanvas({
  sections,
  editing,
  media,
  shippingPage,
  pageId,
}: {
  sections: Section[];
  editing: Editing;
  media: Record<string, ImageData>;
  shippingPage: string;
  pageId?: number;
}) {
  const drag = useCanvasDrag(editing);
  const edit = useSectionEdit(editing, drag);
  // The products the server rendered seed the editor's products, so grids do not blink empty.
  useEffect(() => {
    setEditorView({ products: { ...cacheFromLayout({ version: 1, sections }), ...editorView().products } });
    // Once when the editor takes over: the rendered sections do not change under it.
  }, [sections]);
  const products: ProductCache = editing.products;
  return (
    <div className={`page-content is-editing${drag.dragging ? ' is-dragging' : ''}`} data-page-id={pageId}>
      {(editing.doc?.sections ?? sections).map((s, si) => (
        <SectionView
          key={s.id ?? si}
          s={s}
          si={si}
          media={{ ...media, ...editing.media }}
          products={products}
          shippingPage={shippingPage}
          first={si < 2}
          edit={edit}
        />
      ))}
    </div>
  );
}
