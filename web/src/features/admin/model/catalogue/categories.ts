/** The category tree of the admin: display order, and moving a category among its siblings. */

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  parent: number;
  menu_order: number;
  count: number;
}

export interface TreeRow extends CategoryRow {
  depth: number;
}

const byOrder = (a: CategoryRow, b: CategoryRow) => a.menu_order - b.menu_order || a.name.localeCompare(b.name, 'de');

/** Depth-first, siblings by menu order then name; rows whose parent is missing are roots. */
export function flattenTree(rows: readonly CategoryRow[]): TreeRow[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, CategoryRow[]>();
  for (const r of rows) {
    const parent = ids.has(r.parent) ? r.parent : 0;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: TreeRow[] = [];
  const walk = (parent: number, depth: number) => {
    for (const r of [...(children.get(parent) ?? [])].sort(byOrder)) {
      if (out.some((o) => o.id === r.id)) continue;
      out.push({ ...r, depth });
      walk(r.id, depth + 1);
    }
  };
  walk(0, 0);
  return out;
}

/**
 * Moves `id` before `beforeId` among its siblings (or to the end when `beforeId` is null);
 * returns the new menu order of every sibling whose order changed.
 */
export function reorder(rows: readonly CategoryRow[], id: number, beforeId: number | null): Array<{ id: number; menu_order: number }> {
  const moving = rows.find((r) => r.id === id);
  if (!moving) return [];
  const siblings = rows.filter((r) => r.parent === moving.parent && r.id !== id).sort(byOrder);
  const at = beforeId === null ? siblings.length : siblings.findIndex((r) => r.id === beforeId);
  if (at < 0) return [];
  siblings.splice(at, 0, moving);
  return siblings.flatMap((r, i) => (r.menu_order === i ? [] : [{ id: r.id, menu_order: i }]));
}

/** One step up (-1) or down (+1) among the siblings, for the keyboard. */
export function moveBy(rows: readonly CategoryRow[], id: number, delta: -1 | 1): Array<{ id: number; menu_order: number }> {
  const moving = rows.find((r) => r.id === id);
  if (!moving) return [];
  const siblings = rows.filter((r) => r.parent === moving.parent).sort(byOrder);
  const i = siblings.findIndex((r) => r.id === id);
  const j = i + delta;
  if (j < 0 || j >= siblings.length) return [];
  const target = delta < 0 ? siblings[j]!.id : (siblings[j + 1]?.id ?? null);
  return reorder(rows, id, target);
}
