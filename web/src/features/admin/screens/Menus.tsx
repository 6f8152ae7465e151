import { useEffect, useState } from 'react';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { t, tLabel } from '../../../lib/i18n';
import type { MenuItemOut, WpPage } from '../../../generated/wire';
import { useApi } from '../components/useApi';
import { Field, SelectField } from '../components/Field';
import { useLoad } from '../components/useLoad';
import { errorMessage, fieldErrors } from '../model/errors';
import { dropBefore, flatten, indent, move, outdent, remove, toPayload, update, type MenuNode } from '../model/menuTree';
import { LoadStatus } from '../components/LoadStatus';
import { StatusLine, type SaveStatus } from '../components/useSave';
import { SmallButton } from '../components/SmallButton';
import { MENU_KINDS } from '../model/choices';

let nextKey = 0;
const withKeys = (items: MenuItemOut[]): MenuNode[] =>
  items.map((i) => ({ key: `m${nextKey++}`, title: i.title, kind: i.kind, target: i.target, children: withKeys(i.children) }));

/** Server paths (`items.0.children.1.target`) → the item's key, for messages next to the item. */
function errorsByKey(tree: MenuNode[], errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (nodes: MenuNode[], path: string) =>
    nodes.forEach((n, i) => {
      const p = `${path}.${i}`;
      const own = Object.entries(errors).filter(
        ([k]) => k === `${p}.title` || k === `${p}.target` || k === `${p}.kind` || k === `${p}.children`,
      );
      if (own.length) out[n.key] = own.map(([, m]) => m).join(' ');
      walk(n.children, `${p}.children`);
    });
  walk(tree, 'items');
  return out;
}

const kindLabel = (kind: string): string => tLabel(MENU_KINDS, kind, t('Custom link'));

/** The menus: nested items, moved by drag and drop or by buttons (keyboard), anchor links included. */
export function Menus() {
  const api = useApi();
  const [location, setLocation] = useState('primary');
  const [load, reload] = useLoad(() => api.menus.list(), 'menus');
  // Published pages (new ones from the page editor too) are offered as link targets.
  const [pages] = useLoad(() => api.pages.list('per_page=100&status=publish&orderby=title&order=asc'), 'pages');
  const [tree, setTree] = useState<MenuNode[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SaveStatus>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const { ref: entries, focusFirstInvalid } = useFirstInvalidFocus<HTMLOListElement>();

  useEffect(() => {
    if (load.state === 'ready') setTree(withKeys(load.value.find((m) => m.location === location)?.items ?? []));
  }, [load, location]);
  useEffect(() => {
    setErrors({});
    setStatus(null);
  }, [location]);

  if (load.state !== 'ready') return <LoadStatus load={load} />;

  async function save() {
    setStatus(null);
    try {
      await api.menus.update(location, toPayload(tree));
      setErrors({});
      setStatus({ error: false, text: t('Menu saved.') });
      reload();
    } catch (e) {
      setErrors(errorsByKey(tree, fieldErrors(e)));
      focusFirstInvalid();
      setStatus({ error: true, text: errorMessage(e) });
    }
  }

  const rows = flatten(tree);
  return (
    <>
      <h1>{t('Menus')}</h1>
      <ul className="admin-filters" aria-label={t('Menu location')}>
        {load.value.map((m) => (
          <li key={m.location}>
            <button type="button" className="admin-filter" aria-pressed={location === m.location} onClick={() => setLocation(m.location)}>
              {m.label}
            </button>
          </li>
        ))}
      </ul>
      <ol ref={entries} className="admin-tree" aria-label={t('Menu entries')}>
        {rows.map(({ node, level }) => (
          <MenuEntry
            key={node.key}
            node={node}
            level={level}
            error={errors[node.key]}
            tree={tree}
            setTree={setTree}
            dragging={dragging}
            setDragging={setDragging}
          />
        ))}
      </ol>
      <AddEntry pages={pages.state === 'ready' ? pages.value : []} onAdd={(node) => setTree([...tree, node])} />
      <p>
        <button type="button" className="button button--primary" onClick={() => void save()}>
          {t('Save menu')}
        </button>
      </p>
      <StatusLine status={status} />
    </>
  );
}

/** One entry of the tree, at its level: its title and target, moved by drag and drop or by its buttons. */
function MenuEntry({
  node,
  level,
  error,
  tree,
  setTree,
  dragging,
  setDragging,
}: {
  node: MenuNode;
  level: number;
  error: string | undefined;
  tree: MenuNode[];
  setTree: (tree: MenuNode[]) => void;
  dragging: string | null;
  setDragging: (key: string | null) => void;
}) {
  return (
    <li
      data-testid="menu-item"
      draggable
      style={{ paddingInlineStart: `${0.5 + (level - 1) * 2}rem` }}
      onDragStart={(e) => {
        setDragging(node.key);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => dragging && dragging !== node.key && e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        if (dragging) setTree(dropBefore(tree, dragging, node.key));
        setDragging(null);
      }}
      onDragEnd={() => setDragging(null)}
    >
      <span className="admin-drag-handle" aria-hidden="true" title={t('Drag to move')}>
        ⠿
      </span>
      <div className="admin-tree__name">
        <div className="admin-row">
          <Field label={t('Title')} error={error}>
            {(p) => (
              <input {...p} type="text" value={node.title} onChange={(e) => setTree(update(tree, node.key, { title: e.target.value }))} />
            )}
          </Field>
          <Field label={t('Link target')}>
            {(p) => (
              <input {...p} type="text" value={node.target} onChange={(e) => setTree(update(tree, node.key, { target: e.target.value }))} />
            )}
          </Field>
          <span className="admin-muted">{kindLabel(node.kind)}</span>
        </div>
      </div>
      <SmallButton label={t('Move %s up', node.title)} onClick={() => setTree(move(tree, node.key, -1))}>
        ↑
      </SmallButton>
      <SmallButton label={t('Move %s down', node.title)} onClick={() => setTree(move(tree, node.key, 1))}>
        ↓
      </SmallButton>
      <SmallButton label={t('Indent %s', node.title)} onClick={() => setTree(indent(tree, node.key))}>
        →
      </SmallButton>
      <SmallButton label={t('Outdent %s', node.title)} onClick={() => setTree(outdent(tree, node.key))}>
        ←
      </SmallButton>
      <SmallButton label={t('Remove %s', node.title)} onClick={() => setTree(remove(tree, node.key))}>
        {t('Remove')}
      </SmallButton>
    </li>
  );
}

/** The form that adds an entry at the end: its kind, title and target (published pages offered by their slug). */
function AddEntry({ pages, onAdd }: { pages: WpPage[]; onAdd: (node: MenuNode) => void }) {
  const [draft, setDraft] = useState({ title: '', kind: 'page', target: '' });
  const [draftError, setDraftError] = useState('');
  const { ref: draftForm, focusFirstInvalid: focusDraft } = useFirstInvalidFocus<HTMLFormElement>();
  return (
    <form
      ref={draftForm}
      className="admin-panel"
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.title.trim() === '' || draft.target.trim() === '') {
          setDraftError(t('Please enter a title and a link target.'));
          focusDraft();
          return;
        }
        setDraftError('');
        onAdd({ key: `m${nextKey++}`, title: draft.title.trim(), kind: draft.kind, target: draft.target.trim(), children: [] });
        setDraft({ title: '', kind: draft.kind, target: '' });
      }}
    >
      <h2>{t('Add entry')}</h2>
      <div className="admin-row">
        <SelectField label={t('Kind of link')} value={draft.kind} options={MENU_KINDS} onChange={(kind) => setDraft({ ...draft, kind })} />
        <Field label={t('New entry title')} error={draftError}>
          {(p) => <input {...p} type="text" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />}
        </Field>
        <Field
          label={t('New entry target')}
          hint={t('A page, category or product address (slug), a path or address, or #anchor / /page/#anchor.')}
        >
          {(p) => (
            <input
              {...p}
              type="text"
              list={draft.kind === 'page' ? 'menu-page-slugs' : undefined}
              value={draft.target}
              onChange={(e) => setDraft({ ...draft, target: e.target.value })}
            />
          )}
        </Field>
        <datalist id="menu-page-slugs">
          {pages.map((pg) => (
            <option key={pg.slug} value={pg.slug}>
              {pg.title.rendered}
            </option>
          ))}
        </datalist>
        <button type="submit" className="button button--small">
          {t('Add entry')}
        </button>
      </div>
    </form>
  );
}
