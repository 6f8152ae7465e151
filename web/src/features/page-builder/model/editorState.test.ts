import { describe, expect, it } from 'vitest';
import {
  addColumn,
  addSection,
  addWidget,
  canRedo,
  canUndo,
  commit,
  duplicateSection,
  duplicateWidget,
  HISTORY_LIMIT,
  move,
  moveColumn,
  moveSection,
  moveWidget,
  MAX_COLUMNS,
  redo,
  removeColumn,
  removeSection,
  removeWidget,
  startHistory,
  undo,
  updateSection,
  updateWidget,
  widgetAt,
  type Layout,
} from './editorState';

const h = (text: string) => ({ type: 'heading', text });
const doc = (): Layout => ({
  version: 1,
  sections: [
    { id: 'a', layout: 'boxed', columns: [{ widgets: [h('A1'), h('A2'), h('A3')] }, { widgets: [h('B1')] }] },
    { layout: 'stretched', columns: [{ widgets: [] }] },
  ],
});
const texts = (d: Layout, s: number, c: number) => d.sections[s]!.columns[c]!.widgets.map((w) => w['text']);

describe('move', () => {
  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 1, ['a', 'b', 'c']],
    [0, 99, ['b', 'c', 'a']],
    [2, -4, ['c', 'a', 'b']],
    [5, 0, ['a', 'b', 'c']],
  ])('from %d to %d', (from, to, want) => expect(move(['a', 'b', 'c'], from, to)).toEqual(want));
});

describe('document operations', () => {
  it('adds, updates, duplicates and removes widgets without touching the original', () => {
    const d = doc();
    const added = addWidget(d, 0, 1, h('B0'), 0);
    expect(texts(added, 0, 1)).toEqual(['B0', 'B1']);
    expect(texts(d, 0, 1)).toEqual(['B1']);
    expect(texts(addWidget(d, 1, 0, h('X')), 1, 0)).toEqual(['X']);
    const changed = updateWidget(d, { section: 0, column: 0, widget: 1 }, { text: 'Neu', type: 'text' });
    expect(widgetAt(changed, { section: 0, column: 0, widget: 1 })).toEqual({ type: 'heading', text: 'Neu' });
    const withId = updateWidget(d, { section: 0, column: 0, widget: 0 }, { id: 'anker' });
    const dup = duplicateWidget(withId, { section: 0, column: 0, widget: 0 });
    expect(texts(dup, 0, 0)).toEqual(['A1', 'A1', 'A2', 'A3']);
    expect(dup.sections[0]!.columns[0]!.widgets[1]).not.toHaveProperty('id');
    expect(texts(removeWidget(d, { section: 0, column: 0, widget: 0 }), 0, 0)).toEqual(['A2', 'A3']);
    // Paths that do not exist change nothing.
    expect(removeWidget(d, { section: 5, column: 0, widget: 0 })).toBe(d);
    expect(updateWidget(d, { section: 0, column: 0, widget: 9 }, { text: 'x' })).toBe(d);
    expect(addWidget(d, 0, 7, h('x'))).toBe(d);
  });

  it('moves widgets within a column and across columns and sections', () => {
    const d = doc();
    expect(texts(moveWidget(d, { section: 0, column: 0, widget: 0 }, { section: 0, column: 0, widget: 2 }), 0, 0)).toEqual([
      'A2',
      'A3',
      'A1',
    ]);
    const across = moveWidget(d, { section: 0, column: 0, widget: 1 }, { section: 0, column: 1, widget: 0 });
    expect([texts(across, 0, 0), texts(across, 0, 1)]).toEqual([
      ['A1', 'A3'],
      ['A2', 'B1'],
    ]);
    const down = moveWidget(d, { section: 0, column: 1, widget: 0 }, { section: 1, column: 0, widget: 0 });
    expect([texts(down, 0, 1), texts(down, 1, 0)]).toEqual([[], ['B1']]);
    expect(moveWidget(d, { section: 0, column: 0, widget: 0 }, { section: 3, column: 0, widget: 0 })).toBe(d);
  });

  it('adds, moves, duplicates and removes sections and columns', () => {
    const d = doc();
    const added = addSection(d, 1, 2);
    expect(added.sections).toHaveLength(3);
    expect(added.sections[1]).toEqual({ layout: 'boxed', columns: [{ widgets: [] }, { widgets: [] }] });
    expect(addSection(d, 0, 9).sections[0]!.columns).toHaveLength(6);
    expect(moveSection(d, 0, 1).sections.map((s) => s.layout)).toEqual(['stretched', 'boxed']);
    const dup = duplicateSection(d, 0);
    expect(dup.sections).toHaveLength(3);
    expect(dup.sections[1]).not.toHaveProperty('id');
    expect(texts(dup, 1, 0)).toEqual(['A1', 'A2', 'A3']);
    expect(removeSection(d, 0).sections).toHaveLength(1);
    expect(removeSection(d, 4)).toBe(d);
    expect(texts(moveColumn(d, 0, 1, 0), 0, 0)).toEqual(['B1']);
  });
});

describe('history', () => {
  it('undoes and redoes edits; a new edit drops the redo steps', () => {
    let hist = startHistory(doc());
    expect(canUndo(hist)).toBe(false);
    hist = commit(hist, addWidget(hist.present, 1, 0, h('X')));
    hist = commit(hist, removeSection(hist.present, 0));
    expect(hist.present.sections).toHaveLength(1);
    hist = undo(hist);
    expect(hist.present.sections).toHaveLength(2);
    expect(canRedo(hist)).toBe(true);
    hist = undo(hist);
    expect(texts(hist.present, 1, 0)).toEqual([]);
    expect(undo(hist)).toBe(hist);
    hist = redo(hist);
    expect(texts(hist.present, 1, 0)).toEqual(['X']);
    hist = commit(hist, moveSection(hist.present, 0, 1));
    expect(canRedo(hist)).toBe(false);
    expect(redo(hist)).toBe(hist);
  });

  it('does not record edits that change nothing, and keeps at most the limit', () => {
    const start = startHistory(doc());
    expect(commit(start, doc())).toBe(start);
    let hist = start;
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) hist = commit(hist, addWidget(hist.present, 1, 0, h(`W${i}`)));
    expect(hist.past).toHaveLength(HISTORY_LIMIT);
  });
});

describe('columns and section settings', () => {
  const cols = (d: Layout, s: number) => d.sections[s]!.columns.map((c) => c.widgets.map((w) => w['text']).join(','));
  it.each([
    ['a column at the end', (d: Layout) => addColumn(d, 0), ['A1,A2,A3', 'B1', '']],
    ['a column in front', (d: Layout) => addColumn(d, 0, 0), ['', 'A1,A2,A3', 'B1']],
    ['the first column removed with its widgets', (d: Layout) => removeColumn(d, 0, 0), ['B1']],
    ['a missing column: nothing', (d: Layout) => removeColumn(d, 0, 5), ['A1,A2,A3', 'B1']],
    ['a missing section: nothing', (d: Layout) => addColumn(d, 9), ['A1,A2,A3', 'B1']],
  ])('%s', (_name, op, expected) => {
    const before = doc();
    expect(cols(op(before), 0)).toEqual(expected);
    expect(cols(before, 0)).toEqual(['A1,A2,A3', 'B1']);
  });
  it('keeps at least one column and at most the schema limit', () => {
    expect(removeColumn(doc(), 1, 0).sections[1]!.columns).toHaveLength(1);
    let d = doc();
    for (let i = 0; i < 10; i++) d = addColumn(d, 1);
    expect(d.sections[1]!.columns).toHaveLength(MAX_COLUMNS);
  });
  it("changes a section's width and anchor, dropping an empty anchor", () => {
    expect(updateSection(doc(), 1, { layout: 'boxed' }).sections[1]!.layout).toBe('boxed');
    expect(updateSection(doc(), 0, { id: '' }).sections[0]).not.toHaveProperty('id');
    expect(updateSection(doc(), 0, { id: 'oben' }).sections[0]!.columns).toEqual(doc().sections[0]!.columns);
    expect(updateSection(doc(), 7, { layout: 'boxed' })).toEqual(doc());
  });
});
