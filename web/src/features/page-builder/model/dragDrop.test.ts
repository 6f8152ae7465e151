import { describe, expect, it } from 'vitest';
import type { Layout } from './editorState';
import { accepts, afterMidpoint, autoScrollStep, DRAG_SCROLL_STEP_PX, type DragItem, type DropTarget } from './dragDrop';
import { applyDrop } from './drop';

const h = (text: string) => ({ type: 'heading', text });
const doc = (): Layout => ({
  version: 1,
  sections: [
    { id: 'a', columns: [{ widgets: [h('A1'), h('A2'), h('A3')] }, { widgets: [h('B1')] }, { widgets: [] }] },
    { id: 'b', columns: [{ widgets: [h('C1')] }] },
    { id: 'c', columns: [{ widgets: [] }] },
  ],
});
const texts = (d: Layout) => d.sections.map((s) => s.columns.map((c) => c.widgets.map((w) => w['text']).join(',')).join('|'));

describe('afterMidpoint', () => {
  it.each([
    [0, 100, 10, false],
    [0, 100, 50, false],
    [0, 100, 51, true],
    [200, 40, 230, true],
  ])('box at %d size %d, pointer %d → after %s', (start, size, pointer, after) => expect(afterMidpoint(start, size, pointer)).toBe(after));
});

describe('applyDrop', () => {
  const w = (section: number, column: number, widget: number): DragItem => ({ kind: 'widget', path: { section, column, widget } });
  const onW = (section: number, column: number, widget: number, after: boolean): DropTarget => ({
    kind: 'widget',
    path: { section, column, widget },
    after,
  });
  it.each<[string, DragItem, DropTarget, string[], { section: number; column: number; widget: number } | null]>([
    ['first widget after the last one', w(0, 0, 0), onW(0, 0, 2, true), ['A2,A3,A1|B1|', 'C1', ''], { section: 0, column: 0, widget: 2 }],
    ['first widget before the last one', w(0, 0, 0), onW(0, 0, 2, false), ['A2,A1,A3|B1|', 'C1', ''], { section: 0, column: 0, widget: 1 }],
    ['last widget before the first one', w(0, 0, 2), onW(0, 0, 0, false), ['A3,A1,A2|B1|', 'C1', ''], { section: 0, column: 0, widget: 0 }],
    ['a widget onto its own place', w(0, 0, 1), onW(0, 0, 1, false), ['A1,A2,A3|B1|', 'C1', ''], { section: 0, column: 0, widget: 1 }],
    [
      'into the next column, before its widget',
      w(0, 0, 1),
      onW(0, 1, 0, false),
      ['A1,A3|A2,B1|', 'C1', ''],
      { section: 0, column: 1, widget: 0 },
    ],
    [
      'into another section, after its widget',
      w(0, 0, 0),
      onW(1, 0, 0, true),
      ['A2,A3|B1|', 'C1,A1', ''],
      { section: 1, column: 0, widget: 1 },
    ],
    [
      'into an empty column',
      w(0, 1, 0),
      { kind: 'column-end', section: 0, column: 2 },
      ['A1,A2,A3||B1', 'C1', ''],
      { section: 0, column: 2, widget: 0 },
    ],
    [
      'into an empty section',
      w(1, 0, 0),
      { kind: 'column-end', section: 2, column: 0 },
      ['A1,A2,A3|B1|', '', 'C1'],
      { section: 2, column: 0, widget: 0 },
    ],
    [
      'to the end of its own column',
      w(0, 0, 0),
      { kind: 'column-end', section: 0, column: 0 },
      ['A2,A3,A1|B1|', 'C1', ''],
      { section: 0, column: 0, widget: 2 },
    ],
    [
      'a column after the next one',
      { kind: 'column', section: 0, column: 0 },
      { kind: 'column', section: 0, column: 1, after: true },
      ['B1|A1,A2,A3|', 'C1', ''],
      null,
    ],
    [
      'the last column before the first',
      { kind: 'column', section: 0, column: 2 },
      { kind: 'column', section: 0, column: 0, after: false },
      ['|A1,A2,A3|B1', 'C1', ''],
      null,
    ],
    [
      'a column into another section: refused',
      { kind: 'column', section: 0, column: 0 },
      { kind: 'column', section: 1, column: 0, after: true },
      ['A1,A2,A3|B1|', 'C1', ''],
      null,
    ],
    [
      'the first section after the last',
      { kind: 'section', index: 0 },
      { kind: 'section', index: 2, after: true },
      ['C1', '', 'A1,A2,A3|B1|'],
      null,
    ],
    [
      'the last section before the second',
      { kind: 'section', index: 2 },
      { kind: 'section', index: 1, after: false },
      ['A1,A2,A3|B1|', '', 'C1'],
      null,
    ],
    ['a section onto a widget: refused', { kind: 'section', index: 0 }, onW(1, 0, 0, true), ['A1,A2,A3|B1|', 'C1', ''], null],
    ['a widget onto a section: refused', w(0, 0, 0), { kind: 'section', index: 1, after: true }, ['A1,A2,A3|B1|', 'C1', ''], null],
  ])('%s', (_name, item, target, expected, selected) => {
    const before = doc();
    const r = applyDrop(before, item, target);
    expect(texts(r.doc)).toEqual(expected);
    expect(r.selected).toEqual(selected);
    expect(texts(before)).toEqual(['A1,A2,A3|B1|', 'C1', '']);
  });
});

describe('accepts', () => {
  it.each<[DragItem, DropTarget, boolean]>([
    [{ kind: 'widget', path: { section: 0, column: 0, widget: 0 } }, { kind: 'column-end', section: 1, column: 0 }, true],
    [{ kind: 'widget', path: { section: 0, column: 0, widget: 0 } }, { kind: 'column', section: 0, column: 1, after: false }, false],
    [{ kind: 'column', section: 1, column: 0 }, { kind: 'column', section: 1, column: 1, after: false }, true],
    [{ kind: 'column', section: 1, column: 0 }, { kind: 'section', index: 0, after: false }, false],
    [{ kind: 'section', index: 1 }, { kind: 'section', index: 0, after: false }, true],
  ])('%j on %j → %s', (item, target, ok) => expect(accepts(item, target)).toBe(ok));
});

describe('autoScrollStep', () => {
  it.each([
    ['in the middle', 300, 0, 740, 0],
    ['near the top', 30, 0, 740, -DRAG_SCROLL_STEP_PX],
    ['under a stuck header 90 px high', 100, 90, 740, -DRAG_SCROLL_STEP_PX],
    ['just below that zone', 131, 90, 740, 0],
    ['near the bottom', 720, 0, 740, DRAG_SCROLL_STEP_PX],
    ['on the sheet of a narrow window', 500, 90, 407, DRAG_SCROLL_STEP_PX],
  ])('%s', (_name, y, top, bottom, step) => expect(autoScrollStep(y, top, bottom)).toBe(step));
});
