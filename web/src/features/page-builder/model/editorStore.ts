/**
 * The page being edited, shared by the canvas (PageContent) and the editor
 * panel: a tiny external store. Empty on the server and for visitors, so the
 * page renders its stored content until the editor takes over.
 */
import { useSyncExternalStore } from 'react';
import type { ImageData } from '../../../lib/types';
import type { DragItem, DropTarget } from './dragDrop';
import type { Layout, WidgetPath } from './editorState';
import type { ProductCache } from './productCache';

export interface EditorView {
  doc: Layout | null;
  selected: WidgetPath | null;
  /** The chosen section and column when no widget is (an empty column, a handle clicked). */
  place: { section: number; column: number } | null;
  /** Images the editor chose that the page did not have yet. */
  media: Record<string, ImageData>;
  /** Products for product widgets, by setting (see `model/preview.ts`). */
  products: ProductCache;
  /** The preview frame: the document is shown, nothing is selectable. */
  preview: boolean;
  /** The editor's handler for drops on the canvas (set by the panel). */
  drop: ((item: DragItem, target: DropTarget) => void) | null;
}

let view: EditorView = { doc: null, selected: null, place: null, media: {}, products: {}, preview: false, drop: null };
const listeners = new Set<() => void>();
const empty: EditorView = view;

export function setEditorView(change: Partial<EditorView>): void {
  view = { ...view, ...change };
  listeners.forEach((l) => l());
}

export const editorView = (): EditorView => view;

export function useEditorView(): EditorView {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => view,
    () => empty,
  );
}

export const samePath = (a: WidgetPath | null, b: WidgetPath): boolean =>
  a !== null && a.section === b.section && a.column === b.column && a.widget === b.widget;
