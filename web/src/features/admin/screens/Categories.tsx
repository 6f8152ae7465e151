import { useState } from 'react';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { t } from '../../../lib/i18n';
import { useApi } from '../AdminScreens';
import { Field } from '../components/Field';
import { useLoad } from '../components/useLoad';
import { flattenTree, moveBy, reorder } from '../model/categories';
import { errorMessage, fieldErrors } from '../model/errors';
import { LoadStatus } from '../components/LoadStatus';
import { StatusLine, type SaveStatus } from '../components/useSave';
import { SmallButton } from '../components/SmallButton';

/** Product categories as a tree: add, delete, and reorder by drag and drop or with the arrow buttons. */
export function Categories() {
  const api = useApi();
  const [load, reload] = useLoad(() => api.categories.all(), 'categories');
  const [name, setName] = useState('');
  const [parent, setParent] = useState('0');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<SaveStatus>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const { ref: form, focusFirstInvalid } = useFirstInvalidFocus<HTMLFormElement>();
  const [over, setOver] = useState<number | null>(null);
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
      <form
        ref={form}
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
            reload();
          } catch (err) {
            setErrors(fieldErrors(err));
            focusFirstInvalid();
            setMessage({ error: true, text: errorMessage(err) });
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
                <option value="0">{t('None')}</option>
                {flattenTree(rows).map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {'— '.repeat(c.depth)}
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className="button button--primary button--small">
            {t('Add category')}
          </button>
        </div>
      </form>
      <StatusLine status={message} />
      <LoadStatus load={load} />
      <ul className="admin-tree" aria-label={t('Categories')}>
        {flattenTree(rows).map((c) => (
          <li
            key={c.id}
            data-testid="category"
            draggable
            className={over === c.id ? 'is-drop-target' : undefined}
            style={{ paddingInlineStart: `${0.5 + c.depth * 1.5}rem` }}
            onDragStart={(e) => {
              setDragging(c.id);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              const from = rows.find((r) => r.id === dragging);
              if (from && from.parent === c.parent && from.id !== c.id) {
                e.preventDefault();
                setOver(c.id);
              }
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(e) => {
              e.preventDefault();
              setOver(null);
              if (dragging !== null) void saveOrder(reorder(rows, dragging, c.id));
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
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
              <option value="0">{t('None')}</option>
              {flattenTree(rows)
                .filter((o) => o.id !== c.id)
                .map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {'— '.repeat(o.depth)}
                    {o.name}
                  </option>
                ))}
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
        ))}
      </ul>
    </>
  );
}
