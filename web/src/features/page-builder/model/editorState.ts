/**
 * The page editor's document operations and history, pure: every edit makes
 * a new document (nothing is mutated), so undo and redo are a matter of
 * keeping the documents. Paths address sections, columns and widgets.
 */
import type { Section, Widget } from '../../../lib/types';

export interface Layout {
  version: number;
  sections: Section[];
}

/** Where a widget is: section, column, widget index. */
export interface WidgetPath {
  section: number;
  column: number;
  widget: number;
}

const clone = <T>(v: T): T => structuredClone(v);

function inRange(list: readonly unknown[], i: number): boolean {
  return Number.isInteger(i) && i >= 0 && i < list.length;
}

/** Moves `list[from]` to index `to` (clamped); the same list when nothing moves. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (!inRange(list, from)) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item as T);
  return out;
}

export function widgetAt(doc: Layout, p: WidgetPath): Widget | undefined {
  return doc.sections[p.section]?.columns[p.column]?.widgets[p.widget];
}

function withColumn(doc: Layout, section: number, column: number, f: (widgets: Widget[]) => Widget[]): Layout {
  const s = doc.sections[section];
  if (!s || !s.columns[column]) return doc;
  const columns = s.columns.map((c, i) => (i === column ? { ...c, widgets: f(c.widgets) } : c));
  return { ...doc, sections: doc.sections.map((x, i) => (i === section ? { ...x, columns } : x)) };
}

/** Inserts a widget into a column at `index` (end when past it). */
export function addWidget(doc: Layout, section: number, column: number, widget: Widget, index = Number.MAX_SAFE_INTEGER): Layout {
  return withColumn(doc, section, column, (ws) => {
    const out = [...ws];
    out.splice(Math.max(0, Math.min(index, ws.length)), 0, clone(widget));
    return out;
  });
}

export function updateWidget(doc: Layout, p: WidgetPath, change: Record<string, unknown>): Layout {
  if (!widgetAt(doc, p)) return doc;
  return withColumn(doc, p.section, p.column, (ws) =>
    ws.map((w, i) => (i === p.widget ? ({ ...w, ...change, type: w.type } as Widget) : w)),
  );
}

export function removeWidget(doc: Layout, p: WidgetPath): Layout {
  if (!widgetAt(doc, p)) return doc;
  return withColumn(doc, p.section, p.column, (ws) => ws.filter((_, i) => i !== p.widget));
}

/** A copy right after the original (an `id` anchor is not copied: anchors are unique). */
export function duplicateWidget(doc: Layout, p: WidgetPath): Layout {
  const w = widgetAt(doc, p);
  if (!w) return doc;
  const { id: _id, ...copy } = clone(w);
  return addWidget(doc, p.section, p.column, copy as Widget, p.widget + 1);
}

/** Moves a widget within its column, or to another column (appended at `index`). */
export function moveWidget(doc: Layout, from: WidgetPath, to: WidgetPath): Layout {
  const w = widgetAt(doc, from);
  if (!w || !doc.sections[to.section]?.columns[to.column]) return doc;
  if (from.section === to.section && from.column === to.column) {
    return withColumn(doc, from.section, from.column, (ws) => move(ws, from.widget, to.widget));
  }
  return addWidget(removeWidget(doc, from), to.section, to.column, w, to.widget);
}

export function addSection(doc: Layout, index: number, columns = 1): Layout {
  const section: Section = { layout: 'boxed', columns: Array.from({ length: Math.max(1, Math.min(6, columns)) }, () => ({ widgets: [] })) };
  const sections = [...doc.sections];
  sections.splice(Math.max(0, Math.min(index, sections.length)), 0, section);
  return { ...doc, sections };
}

export function moveSection(doc: Layout, from: number, to: number): Layout {
  return { ...doc, sections: move(doc.sections, from, to) };
}

export function removeSection(doc: Layout, index: number): Layout {
  return inRange(doc.sections, index) ? { ...doc, sections: doc.sections.filter((_, i) => i !== index) } : doc;
}

export function duplicateSection(doc: Layout, index: number): Layout {
  const s = doc.sections[index];
  if (!s) return doc;
  const { id: _id, ...copy } = clone(s);
  const sections = [...doc.sections];
  sections.splice(index + 1, 0, copy as Section);
  return { ...doc, sections };
}

export function moveColumn(doc: Layout, section: number, from: number, to: number): Layout {
  const s = doc.sections[section];
  if (!s) return doc;
  return { ...doc, sections: doc.sections.map((x, i) => (i === section ? { ...x, columns: move(x.columns, from, to) } : x)) };
}

/** Most columns a section holds (the server's schema says the same). */
export const MAX_COLUMNS = 6;

/** A new empty column at `index` (end when past it); a full section stays as it is. */
export function addColumn(doc: Layout, section: number, index = Number.MAX_SAFE_INTEGER): Layout {
  const s = doc.sections[section];
  if (!s || s.columns.length >= MAX_COLUMNS) return doc;
  const columns = [...s.columns];
  columns.splice(Math.max(0, Math.min(index, columns.length)), 0, { widgets: [] });
  return { ...doc, sections: doc.sections.map((x, i) => (i === section ? { ...x, columns } : x)) };
}

/** Removes a column with its widgets; a section keeps at least one column. */
export function removeColumn(doc: Layout, section: number, column: number): Layout {
  const s = doc.sections[section];
  if (!s || s.columns.length <= 1 || !inRange(s.columns, column)) return doc;
  return {
    ...doc,
    sections: doc.sections.map((x, i) => (i === section ? { ...x, columns: x.columns.filter((_, j) => j !== column) } : x)),
  };
}

/** Changes a section's own settings (layout boxed or stretched, anchor id); columns stay. */
export function updateSection(doc: Layout, section: number, change: Partial<Pick<Section, 'layout' | 'id'>>): Layout {
  const s = doc.sections[section];
  if (!s) return doc;
  const next: Section = { ...s, ...change };
  if (!next.id) delete next.id;
  return { ...doc, sections: doc.sections.map((x, i) => (i === section ? next : x)) };
}

/** Undo/redo: past documents, the present one, and undone ones. */
export interface History {
  past: Layout[];
  present: Layout;
  future: Layout[];
}

/** Most steps kept for undo. */
export const HISTORY_LIMIT = 100;

export const startHistory = (doc: Layout): History => ({ past: [], present: doc, future: [] });

/** Records an edit; an edit that changes nothing is not a step. New edits drop the redo steps. */
export function commit(h: History, next: Layout): History {
  if (next === h.present || JSON.stringify(next) === JSON.stringify(h.present)) return h;
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo(h: History): History {
  const prev = h.past.at(-1);
  return prev ? { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] } : h;
}

export function redo(h: History): History {
  const [next, ...rest] = h.future;
  return next ? { past: [...h.past, h.present], present: next, future: rest } : h;
}

export const canUndo = (h: History): boolean => h.past.length > 0;
export const canRedo = (h: History): boolean => h.future.length > 0;
