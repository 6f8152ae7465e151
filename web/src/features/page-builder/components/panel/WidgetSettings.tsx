import { t } from '../../../../lib/i18n';
import type { ImageData } from '../../../../lib/types';
import { duplicateWidget, moveWidget, removeWidget, updateWidget, widgetAt, type Layout, type WidgetPath } from '../../model/editorState';
import { errorsAt, type PlacedError } from '../../model/saveErrors';
import { fieldChange, fieldValue, widgetDef } from '../../model/widgets';
import { FieldInput } from './FieldInput';

export type Apply = (next: Layout, select?: WidgetPath | null) => void;

interface Props {
  doc: Layout;
  selected: WidgetPath;
  errors: PlacedError[];
  library: ImageData[];
  apply: Apply;
}

/** The selected widget: its settings with their errors, and its moves. */
export function WidgetSettings({ doc, selected, errors, library, apply }: Props) {
  const widget = widgetAt(doc, selected);
  const def = widget ? widgetDef(widget.type) : undefined;
  if (!widget || !def) return <p>{t('Select a widget on the page to change it.')}</p>;
  const widgetErrors = errorsAt(errors, selected, '');
  return (
    <section className="editor-panel__widget" aria-label={t('Selected widget')}>
      <h2>{t(def.label)}</h2>
      {widgetErrors.map((m) => (
        <p key={m} className="editor-field__error" role="alert">
          {m}
        </p>
      ))}
      {def.fields.map((fd) => {
        const id = `editor-${fd.name}`;
        const problems = errorsAt(errors, selected, fd.name);
        return (
          <div className="editor-field" key={fd.name}>
            <label htmlFor={id}>{t(fd.label)}</label>
            <FieldInput
              def={fd}
              value={fieldValue(widget, fd.name)}
              set={(v) => apply(updateWidget(doc, selected, fieldChange(widget, fd.name, v)))}
              id={id}
              described={problems.length > 0 ? `${id}-error` : undefined}
              library={library}
            />
            {problems.length > 0 && (
              <p id={`${id}-error`} className="editor-field__error">
                {problems.join(' ')}
              </p>
            )}
          </div>
        );
      })}
      <WidgetMoves doc={doc} selected={selected} apply={apply} />
    </section>
  );
}

/** Up, down, to the neighbouring columns, duplicate, delete. */
function WidgetMoves({ doc, selected, apply }: { doc: Layout; selected: WidgetPath; apply: Apply }) {
  const columns = doc.sections[selected.section]?.columns ?? [];
  const widgetsIn = (column: number) => columns[column]?.widgets.length ?? 0;
  const toColumn = (column: number) =>
    apply(moveWidget(doc, selected, { ...selected, column, widget: Number.MAX_SAFE_INTEGER }), {
      ...selected,
      column,
      widget: widgetsIn(column),
    });
  return (
    <div className="editor-panel__row">
      <button
        type="button"
        onClick={() =>
          apply(moveWidget(doc, selected, { ...selected, widget: selected.widget - 1 }), {
            ...selected,
            widget: Math.max(0, selected.widget - 1),
          })
        }
      >
        {t('Move up')}
      </button>
      <button
        type="button"
        onClick={() =>
          apply(moveWidget(doc, selected, { ...selected, widget: selected.widget + 1 }), {
            ...selected,
            widget: Math.min(selected.widget + 1, widgetsIn(selected.column) - 1),
          })
        }
      >
        {t('Move down')}
      </button>
      {selected.column > 0 && (
        <button type="button" onClick={() => toColumn(selected.column - 1)}>
          {t('To the column on the left')}
        </button>
      )}
      {selected.column < columns.length - 1 && (
        <button type="button" onClick={() => toColumn(selected.column + 1)}>
          {t('To the column on the right')}
        </button>
      )}
      <button type="button" onClick={() => apply(duplicateWidget(doc, selected), { ...selected, widget: selected.widget + 1 })}>
        {t('Duplicate')}
      </button>
      <button type="button" onClick={() => apply(removeWidget(doc, selected), null)}>
        {t('Delete')}
      </button>
    </div>
  );
}
