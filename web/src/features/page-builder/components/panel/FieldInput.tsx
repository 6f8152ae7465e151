import { t } from '../../../../lib/i18n';
import type { ImageData } from '../../../../lib/types';
import { editorView, setEditorView } from '../../model/editorStore';
import type { FieldDef } from '../../model/widgets';

interface Props {
  def: FieldDef;
  value: unknown;
  set: (v: unknown) => void;
  id: string;
  /** The id of the field's error message, when it has one. */
  described?: string | undefined;
  /** The media library, for image fields. */
  library: ImageData[];
}

/** One setting of a widget, as the input its kind asks for (entries of a list recursively). */
export function FieldInput({ def: fd, value, set, id, described, library }: Props) {
  const a11y = described ? { 'aria-invalid': true, 'aria-describedby': described } : {};
  switch (fd.kind) {
    case 'html':
      return <textarea id={id} rows={5} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} {...a11y} />;
    case 'number':
      return (
        <input
          id={id}
          type="number"
          min={fd.min}
          max={fd.max}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => set(e.target.value === '' ? '' : Number(e.target.value))}
          {...a11y}
        />
      );
    case 'bool':
      return <input id={id} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} {...a11y} />;
    case 'select':
      return (
        <select id={id} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} {...a11y}>
          {fd.options.map(([v, label]) => (
            <option key={v} value={v}>
              {t(label)}
            </option>
          ))}
        </select>
      );
    case 'media':
      return (
        <select
          id={id}
          value={typeof value === 'number' ? value : 0}
          onChange={(e) => {
            const img = library.find((m) => m.id === Number(e.target.value));
            if (img) setEditorView({ media: { ...editorView().media, [String(img.id)]: img } });
            set(Number(e.target.value));
          }}
          {...a11y}
        >
          <option value={0}>{t('None')}</option>
          {library.map((m) => (
            <option key={m.id} value={m.id}>
              {m.alt || t('Image %d', m.id)}
            </option>
          ))}
        </select>
      );
    case 'items':
      return <ItemsInput def={fd} value={value} set={set} id={id} described={described} library={library} />;
    default:
      return <input id={id} type="text" value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} {...a11y} />;
  }
}

/** A list of entries (slides, links), each with its own fields. */
function ItemsInput({ def: fd, value, set, id, described, library }: Props) {
  if (fd.kind !== 'items') return null;
  const a11y = described ? { 'aria-invalid': true, 'aria-describedby': described } : {};
  const items = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
  return (
    <div className="editor-items" id={id} {...a11y}>
      {items.map((it, i) => (
        <fieldset key={i}>
          <legend>{t('Entry %d', i + 1)}</legend>
          {fd.fields.map((sub) => (
            <div className="editor-field" key={sub.name}>
              <label htmlFor={`${id}-${i}-${sub.name}`}>{t(sub.label)}</label>
              <FieldInput
                def={sub}
                value={it[sub.name]}
                set={(v) => set(items.map((x, j) => (j === i ? { ...x, [sub.name]: v === '' ? undefined : v } : x)))}
                id={`${id}-${i}-${sub.name}`}
                library={library}
              />
            </div>
          ))}
          <button type="button" className="button button--small button--ghost" onClick={() => set(items.filter((_, j) => j !== i))}>
            {t('Remove entry')}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button button--small"
        onClick={() =>
          set([
            ...items,
            Object.fromEntries(
              fd.fields
                .filter((x) => x.kind === 'text')
                .slice(0, 1)
                .map((x) => [x.name, t('New entry')]),
            ),
          ])
        }
      >
        {t('Add entry')}
      </button>
    </div>
  );
}
