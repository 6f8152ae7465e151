/**
 * The menu editor's tree operations, all pure: move among siblings, indent
 * under the previous sibling, outdent after the parent, drop before another
 * item, remove. Items are addressed by a key unique in the tree.
 */

export interface MenuNode {
  key: string;
  title: string;
  kind: string;
  target: string;
  children: MenuNode[];
}

/** Deepest nesting the shop's menus show (matches the server's limit). */
export const MENU_MAX_DEPTH = 3;

type Found = { list: MenuNode[]; index: number; parent: MenuNode | null; parentList: MenuNode[] | null; parentIndex: number };

function find(
  tree: MenuNode[],
  key: string,
  parent: MenuNode | null = null,
  parentList: MenuNode[] | null = null,
  parentIndex = -1,
): Found | null {
  for (const [i, n] of tree.entries()) {
    if (n.key === key) return { list: tree, index: i, parent, parentList, parentIndex };
    const inner = find(n.children, key, n, tree, i);
    if (inner) return inner;
  }
  return null;
}

const clone = (tree: MenuNode[]): MenuNode[] => tree.map((n) => ({ ...n, children: clone(n.children) }));

export function depthOf(node: MenuNode): number {
  return 1 + Math.max(0, ...node.children.map(depthOf));
}

/** The level (1 = top) of the item with `key`. */
export function levelOf(tree: MenuNode[], key: string, level = 1): number {
  for (const n of tree) {
    if (n.key === key) return level;
    const inner = levelOf(n.children, key, level + 1);
    if (inner) return inner;
  }
  return 0;
}

export function move(tree: MenuNode[], key: string, delta: -1 | 1): MenuNode[] {
  const next = clone(tree);
  const f = find(next, key);
  if (!f) return tree;
  const j = f.index + delta;
  if (j < 0 || j >= f.list.length) return tree;
  [f.list[f.index], f.list[j]] = [f.list[j]!, f.list[f.index]!];
  return next;
}

/** Makes the item the last child of its previous sibling (if the depth allows). */
export function indent(tree: MenuNode[], key: string): MenuNode[] {
  const next = clone(tree);
  const f = find(next, key);
  if (!f || f.index === 0) return tree;
  const node = f.list[f.index]!;
  if (levelOf(next, key) + depthOf(node) > MENU_MAX_DEPTH) return tree;
  f.list.splice(f.index, 1);
  f.list[f.index - 1]!.children.push(node);
  return next;
}

/** Makes the item the sibling right after its parent. */
export function outdent(tree: MenuNode[], key: string): MenuNode[] {
  const next = clone(tree);
  const f = find(next, key);
  if (!f || !f.parent || !f.parentList) return tree;
  const [node] = f.list.splice(f.index, 1);
  f.parentList.splice(f.parentIndex + 1, 0, node!);
  return next;
}

export function remove(tree: MenuNode[], key: string): MenuNode[] {
  const next = clone(tree);
  const f = find(next, key);
  if (!f) return tree;
  f.list.splice(f.index, 1);
  return next;
}

/** Drag and drop: puts `key` right before `beforeKey`, at that item's level (never into itself). */
export function dropBefore(tree: MenuNode[], key: string, beforeKey: string): MenuNode[] {
  if (key === beforeKey) return tree;
  const moving = find(tree, key);
  if (!moving) return tree;
  const node = moving.list[moving.index]!;
  if (find(node.children, beforeKey)) return tree;
  if (levelOf(tree, beforeKey) - 1 + depthOf(node) > MENU_MAX_DEPTH) return tree;
  const next = remove(tree, key);
  const target = find(next, beforeKey);
  if (!target) return tree;
  target.list.splice(target.index, 0, clone([node])[0]!);
  return next;
}

export function update(tree: MenuNode[], key: string, patch: Partial<Omit<MenuNode, 'key' | 'children'>>): MenuNode[] {
  return tree.map((n) => (n.key === key ? { ...n, ...patch } : { ...n, children: update(n.children, key, patch) }));
}

/** Depth-first, with levels, for display. */
export function flatten(tree: MenuNode[], level = 1): Array<{ node: MenuNode; level: number }> {
  return tree.flatMap((n) => [{ node: n, level }, ...flatten(n.children, level + 1)]);
}

/** The server's shape: keys dropped. */
export function toPayload(tree: MenuNode[]): Array<{ title: string; kind: string; target: string; children: unknown[] }> {
  return tree.map((n) => ({ title: n.title, kind: n.kind, target: n.target, children: toPayload(n.children) }));
}
