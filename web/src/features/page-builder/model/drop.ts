/**
 * What a drop on the editor's canvas does to the document: the edit itself, apart from the
 * canvas's hit-testing (dragDrop.ts), which visitors' pages never need.
 */
import { accepts, type DragItem, type DropTarget } from './dragDrop';
import { moveColumn, moveSection, moveWidget, type Layout, type WidgetPath } from './editorState';

/** Index in the list after the dragged item has left it: dropping before/after `target`, coming from `from` (or -1 from another list). */
function landing(from: number, target: number, after: boolean): number {
  const at = after ? target + 1 : target;
  return from >= 0 && from < at ? at - 1 : at;
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
      to = {
        section: target.path.section,
        column: target.path.column,
        widget: landing(same ? path.widget : -1, target.path.widget, target.after),
      };
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
