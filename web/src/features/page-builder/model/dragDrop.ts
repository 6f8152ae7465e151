/**
 * Drag and drop on the editor's canvas, pure: what is dragged, where it is
 * dropped (before or after another item of its kind, or at the end of a
 * column), and the document that results. Keyboard moves go through the same
 * operations (editorState), so both ways agree.
 */
import { moveColumn, moveSection, moveWidget, type Layout, type WidgetPath } from './editorState';

export type DragItem =
  | { kind: 'widget'; path: WidgetPath }
  | { kind: 'column'; section: number; column: number }
  | { kind: 'section'; index: number };

export type DropTarget =
  | { kind: 'widget'; path: WidgetPath; after: boolean }
  /** An empty column, or the free space below a column's last widget. */
  | { kind: 'column-end'; section: number; column: number }
  | { kind: 'column'; section: number; column: number; after: boolean }
  | { kind: 'section'; index: number; after: boolean };

/** A press becomes a drag once the pointer has moved this far (a click or tap stays a click). */
export const DRAG_THRESHOLD_PX = 6;
/** While dragging, the window scrolls by a step per frame when the pointer is this close to the visible canvas's top or bottom. */
export const DRAG_SCROLL_EDGE_PX = 40;
export const DRAG_SCROLL_STEP_PX = 12;

/**
 * How far the window scrolls this frame while the pointer is at `y`: the canvas shows between
 * `top` (below a stuck header) and `bottom` (above the editor's sheet on narrow windows); near
 * either end, it scrolls that way.
 */
export function autoScrollStep(y: number, top: number, bottom: number): number {
  if (y < top + DRAG_SCROLL_EDGE_PX) return -DRAG_SCROLL_STEP_PX;
  if (y > bottom - DRAG_SCROLL_EDGE_PX) return DRAG_SCROLL_STEP_PX;
  return 0;
}

/** Whether the pointer is in the far half of a box along the axis (after the item rather than before it). */
export function afterMidpoint(start: number, size: number, pointer: number): boolean {
  return pointer > start + size / 2;
}

/** Index in the list after the dragged item has left it: dropping before/after `target`, coming from `from` (or -1 from another list). */
function landing(from: number, target: number, after: boolean): number {
  const at = after ? target + 1 : target;
  return from >= 0 && from < at ? at - 1 : at;
}

/** Whether `target` accepts `item`: widgets go before/after widgets or into columns; columns move within their section; sections among sections. */
export function accepts(item: DragItem, target: DropTarget): boolean {
  switch (item.kind) {
    case 'widget':
      return target.kind === 'widget' || target.kind === 'column-end';
    case 'column':
      return target.kind === 'column' && target.section === item.section;
    case 'section':
      return target.kind === 'section';
  }
}

export interface DropResult {
  doc: Layout;
  /** The moved widget's new place, to keep it selected. */
  selected: WidgetPath | null;
}

/** The document after dropping `item` on `target`; the same document when the target does not take it. */
export function applyDrop(doc: Layout, item: DragItem, target: DropTarget): DropResult {
  if (!accepts(item, target)) return { doc, selected: null };
  if (item.kind === 'widget') {
    const { path } = item;
    let to: WidgetPath;
    if (target.kind === 'widget') {
      const same = target.path.section === path.section && target.path.column === path.column;
      to = { section: target.path.section, column: target.path.column, widget: landing(same ? path.widget : -1, target.path.widget, target.after) };
    } else if (target.kind === 'column-end') {
      const count = doc.sections[target.section]?.columns[target.column]?.widgets.length ?? 0;
      const same = target.section === path.section && target.column === path.column;
      to = { section: target.section, column: target.column, widget: same ? count - 1 : count };
    } else {
      return { doc, selected: null };
    }
    const next = moveWidget(doc, path, to);
    return { doc: next, selected: next === doc ? null : to };
  }
  if (item.kind === 'column' && target.kind === 'column') {
    return { doc: moveColumn(doc, item.section, item.column, landing(item.column, target.column, target.after)), selected: null };
  }
  if (item.kind === 'section' && target.kind === 'section') {
    return { doc: moveSection(doc, item.index, landing(item.index, target.index, target.after)), selected: null };
  }
  return { doc, selected: null };
}
