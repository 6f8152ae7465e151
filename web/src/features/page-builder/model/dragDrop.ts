/**
 * Drag and drop on the editor's canvas, pure: what is dragged, where it is
 * dropped (before or after another item of its kind, or at the end of a
 * column), and the document that results. Keyboard moves go through the same
 * operations (editorState), so both ways agree.
 */

import type { WidgetPath } from './editorState';

export type DragItem =
  { kind: 'widget'; path: WidgetPath } | { kind: 'column'; section: number; column: number } | { kind: 'section'; index: number };

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
