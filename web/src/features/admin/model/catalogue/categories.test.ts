import { describe, expect, it } from 'vitest';
import { flattenTree, moveBy, reorder, type CategoryRow } from './categories';

const row = (id: number, name: string, parent = 0, menu_order = 0): CategoryRow => ({
  id,
  name,
  slug: name.toLowerCase(),
  parent,
  menu_order,
  count: 0,
});
const rows = [
  row(1, 'Tee', 0, 1),
  row(2, 'Kaffee', 0, 0),
  row(3, 'Grüntee', 1, 0),
  row(4, 'Schwarztee', 1, 1),
  row(5, 'Zubehör', 0, 2),
  row(6, 'Waise', 99),
];

describe('flattenTree', () => {
  it('orders depth-first by menu order, orphans at the root', () => {
    expect(flattenTree(rows).map((r) => `${'-'.repeat(r.depth)}${r.name}`)).toEqual([
      'Kaffee',
      'Waise',
      'Tee',
      '-Grüntee',
      '-Schwarztee',
      'Zubehör',
    ]);
  });
  it('survives a cycle', () => {
    expect(flattenTree([row(1, 'A', 2), row(2, 'B', 1)])).toEqual([]);
  });
});

describe('reorder', () => {
  it.each([
    [
      5,
      2,
      [
        { id: 5, menu_order: 0 },
        { id: 2, menu_order: 1 },
        { id: 1, menu_order: 2 },
      ],
    ],
    [
      2,
      null,
      [
        { id: 1, menu_order: 0 },
        { id: 5, menu_order: 1 },
        { id: 2, menu_order: 2 },
      ],
    ],
    [
      4,
      3,
      [
        { id: 4, menu_order: 0 },
        { id: 3, menu_order: 1 },
      ],
    ],
    [2, 3, []],
  ])('%i before %s', (id, before, want) => {
    expect(
      reorder(
        rows.filter((r) => r.id !== 6),
        id,
        before,
      ),
    ).toEqual(want);
  });
});

describe('moveBy', () => {
  it.each([
    [
      1,
      -1,
      [
        { id: 1, menu_order: 0 },
        { id: 2, menu_order: 1 },
      ],
    ],
    [
      1,
      1,
      [
        { id: 5, menu_order: 1 },
        { id: 1, menu_order: 2 },
      ],
    ],
    [2, -1, []],
    [5, 1, []],
  ] as const)('%i by %i', (id, delta, want) => {
    expect(
      moveBy(
        rows.filter((r) => r.id !== 6),
        id,
        delta,
      ),
    ).toEqual(want);
  });
});
