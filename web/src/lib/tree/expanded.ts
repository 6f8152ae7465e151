/**
 * Sidebar trees (spec §2 "Sidebar navigation and category widgets"): the
 * branch holding the current page or category starts expanded.
 */
export interface TreeNode {
  id: number | string;
  children: readonly TreeNode[];
}

/** Ids of every branch on the way to the current node, and the current node itself when it has children. */
export function initiallyExpanded<T extends TreeNode>(nodes: readonly T[], isCurrent: (node: T) => boolean): Set<T['id']> {
  const open = new Set<T['id']>();
  const walk = (list: readonly T[]): boolean => {
    let holds = false;
    for (const n of list) {
      const inside = walk(n.children as readonly T[]);
      if (isCurrent(n) || inside) {
        if (n.children.length > 0) open.add(n.id);
        holds = true;
      }
    }
    return holds;
  };
  walk(nodes);
  return open;
}
