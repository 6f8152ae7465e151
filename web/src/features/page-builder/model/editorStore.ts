/**
 * The page being edited, shared by the canvas (PageContent) and the editor
 * panel: a tiny external store. Empty on the server and for visitors, so the
 * page renders its stored content until the editor takes over.
 */
import { useSyncExternalStore } from 'react';
import type { ImageData } from '../../../app/types';
import type { Layout, WidgetPath } from './editorState';

export interface EditorView {
  doc: Layout | null;
  selected: WidgetPath | null;
  /** Images the editor chose that the page did not have yet. */
  media: Record<string, ImageData>;
}

let view: EditorView = { doc: null, selected: null, media: {} };
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

export const samePath = (a: WidgetPath | null, b: WidgetPath): boolean => a !== null && a.section === b.section && a.column === b.column && a.widget === b.widget;
