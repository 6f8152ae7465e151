import { useId, useState, type ReactNode } from 'react';
import { t } from '../lib/i18n';
import { initiallyExpanded } from '../lib/tree/expanded';

export interface SidebarTreeNode {
  id: number;
  title: string;
  href: string;
  /** Shown after the title, e.g. a product count. */
  extra?: ReactNode;
  children: SidebarTreeNode[];
}

function Branch({
  node,
  depth,
  open,
  toggle,
  isCurrent,
}: {
  node: SidebarTreeNode;
  depth: number;
  open: ReadonlySet<number>;
  toggle: (id: number) => void;
  isCurrent: (n: SidebarTreeNode) => boolean;
}) {
  const childrenId = useId();
  const expanded = open.has(node.id);
  const current = isCurrent(node);
  return (
    <li className={`tree__item${current ? ' is-current' : ''}`}>
      <div className="tree__row">
        <a href={node.href} aria-current={current ? 'page' : undefined}>
          {node.title}
          {node.extra}
        </a>
        {node.children.length > 0 && (
          <button
            type="button"
            className="tree__toggle"
            aria-expanded={expanded}
            aria-controls={childrenId}
            aria-label={expanded ? t('Hide subitems of %s', node.title) : t('Show subitems of %s', node.title)}
            onClick={() => toggle(node.id)}
          />
        )}
      </div>
      {node.children.length > 0 && (
        <ul id={childrenId} className="tree" hidden={!expanded}>
          {node.children.map((c) => (
            <Branch key={c.id} node={c} depth={depth + 1} open={open} toggle={toggle} isCurrent={isCurrent} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * An expandable tree for sidebars (categories, page navigation): branches with
 * children open and close with a plus/minus button; the branch holding the
 * current item starts open. Buttons are reachable and operable by keyboard.
 */
export function SidebarTree({ nodes, isCurrent }: { nodes: SidebarTreeNode[]; isCurrent: (n: SidebarTreeNode) => boolean }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => initiallyExpanded(nodes, isCurrent));
  const toggle = (id: number) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ul className="tree">
      {nodes.map((n) => (
        <Branch key={n.id} node={n} depth={0} open={open} toggle={toggle} isCurrent={isCurrent} />
      ))}
    </ul>
  );
}
