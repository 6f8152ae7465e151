import { useState } from 'react';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { Field } from '../components/Field';
import { useLoad } from '../components/useLoad';
import { flattenTree, moveBy, reorder, type CategoryRow, type TreeRow } from '../model/catalogue/categories';
import { errorMessage, fieldErrors } from '../model/errors';
import { LoadStatus } from '../components/LoadStatus';
import { StatusLine, type SaveStatus } from '../components/useSave';
import { SmallButton } from '../components/SmallButton';

/** Product categories as a tree: add, delete, and reorder by drag and drop or with the arrow buttons. */
export function Categories() {
  const api = useApi();
  const [load, reload] = useLoad(() => api.categories.all(), 'categories');
  const [message, setMessage] = useState<SaveStatus>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const drag: Drag = { dragging, setDragging, over, setOver };
  const rows = load.state === 'ready' ? load.value : [];

  async function saveOrder(changes: Array<{ id: number; menu_order: number }>) {
    if (changes.length === 0) return;
    try {
      await api.categories.batch({ update: changes });
      setMessage({ error: false, text: t('Order saved.') });
      reload();
    } catch (e) {
      setMessage({ error: true, text: errorMessage(e) });
    }
  }

  return (
    <>
      <h1>{t('Categories')}</h1>
      <AddCategory rows={rows} onAdded={reload} onError={(text) => setMessage({ error: true, text })} />
      <StatusLine status={message} />
      <LoadStatus load={load} />
      <ul className="admin-tree" aria-label={t('Categories')}>
        {flattenTree(rows).map((c) => (
          <CategoryEntry key={c.id} c={c} rows={rows} drag={drag} saveOrder={saveOrder} setMessage={setMessage} reload={reload} />
        ))}
      </ul>
    </>
  );
}

/** A drag in progress: the category dragged and the one it is over. */
interface Drag {
  dragging: number | null;
  setDragging: (id: number | null) => void;
  over: number | null;
  setOver: (id: number | null) => void;
}

/** The categories as a parent's options, indented by depth, "None" first; `except` left out. */
function ParentOptions({ rows, except }: { rows: readonly CategoryRow[]; except?: number }) {
  return (
    <>
      <option value="0">{t('None')}</option>
      {flattenTree(rows)
        .filter((o) => o.id !== except)
        .map((o) => (
          <option key={o.id} value={String(o.id)}>
            {'— '.repeat(o.depth)}
            {o.name}
          </option>
        ))}
    </>
  );
}

/** The form that adds a category: its name and parent. */
function AddCategory({ rows, onAdded, onError }: { rows: readonly CategoryRow[]; onAdded: () => void; onError: (text: string) => void }) {
  const api = useApi();
  const [name, setName] = useState('');
  const [parent, setParent] = useState('0');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: formRef, focusFirstInvalid } = useFirstInvalidFocus<HTMLFormElement>();
  return (
    <form
      ref={formRef}
      className="admin-panel"
      onSubmit={async (e) => {
        e.preventDefault();
        if (name.trim() === '') {
          setErrors({ name: t('Please enter a name.') });
          focusFirstInvalid();
          return;
        }
        try {
          await api.categories.create({ name: name.trim(), parent: Number(parent) });
          setName('');
          setErrors({});
          onAdded();
        } catch (err) {
          setErrors(fieldErrors(err));
          focusFirstInvalid();
          onError(errorMessage(err));
        }
      }}
    >
      <h2>{t('Add category')}</h2>
      <div className="admin-row">
        <Field label={t('Name')} error={errors['name']}>
          {(p) => <input {...p} type="text" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={t('Parent category')} error={errors['parent']}>
          {(p) => (
            <select {...p} value={parent} onChange={(e) => setParent(e.target.value)}>
              <ParentOptions rows={rows} />
            </select>
          )}
        </Field>
        <button type="submit" className="button button--primary button--small">
          {t('Add category')}
        </button>
      </div>
    </form>
  );
}

/** One category of the tree: moved by drag and drop, its parent's select or the arrow buttons; deleted. */
function CategoryEntry({
  c,
  rows,
  drag,
  saveOrder,
  setMessage,
  reload,
}: {
  c: TreeRow;
  rows: readonly CategoryRow[];
  drag: Drag;
  saveOrder: (changes: Array<{ id: number; menu_order: number }>) => Promise<void>;
  setMessage: (status: SaveStatus) => void;
  reload: () => void;
}) {
  const api = useApi();
  return (
    <li
      data-testid="category"
      draggable
      className={drag.over === c.id ? 'is-drop-target' : undefined}
      style={{ paddingInlineStart: `${0.5 + c.depth * 1.5}rem` }}
      onDragStart={(e) => {
        drag.setDragging(c.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        const from = rows.find((r) => r.id === drag.dragging);
        if (from && from.parent === c.parent && from.id !== c.id) {
          e.preventDefault();
          drag.setOver(c.id);
        }
      }}
      onDragLeave={() => drag.setOver(null)}
      onDrop={(e) => {
        e.preventDefault();
        drag.setOver(null);
        if (drag.dragging !== null) void saveOrder(reorder(rows, drag.dragging, c.id));
        drag.setDragging(null);
      }}
      onDragEnd={() => drag.setDragging(null)}
    >
      <span className="admin-drag-handle" aria-hidden="true" title={t('Drag to move')}>
        ⠿
      </span>
      <span className="admin-tree__name">
        {c.name} <span className="admin-muted">({c.count})</span>
      </span>
      <select
        aria-label={t('Parent category of %s', c.name)}
        value={String(c.parent)}
        onChange={async (e) => {
          try {
            await api.categories.update(c.id, { parent: Number(e.target.value) });
            setMessage({ error: false, text: t('Category moved.') });
            reload();
          } catch (err) {
            setMessage({ error: true, text: errorMessage(err) });
          }
        }}
      >
        <ParentOptions rows={rows} except={c.id} />
      </select>
      <SmallButton label={t('Move %s up', c.name)} onClick={() => void saveOrder(moveBy(rows, c.id, -1))}>
        ↑
      </SmallButton>
      <SmallButton label={t('Move %s down', c.name)} onClick={() => void saveOrder(moveBy(rows, c.id, 1))}>
        ↓
      </SmallButton>
      <button
        type="button"
        className="button button--small button--ghost"
        aria-label={t('Delete %s', c.name)}
        onClick={async () => {
          try {
            await api.categories.remove(c.id, true);
            reload();
          } catch (err) {
            setMessage({ error: true, text: errorMessage(err) });
          }
        }}
      >
        {t('Delete')}
      </button>
    </li>
  );
}
