import { t } from '../../../../lib/i18n';
import { widgetAt, type Layout, type WidgetPath } from '../../model/editorState';
import { setEditorView } from '../../model/editorStore';
import type { PlacedError } from '../../model/saveErrors';

interface Props {
  message: { error: boolean; text: string };
  doc: Layout;
  errors: PlacedError[];
  selected: WidgetPath | null;
}

const isAt = (e: PlacedError, s: WidgetPath | null) =>
  e.path && s && e.path.section === s.section && e.path.column === s.column && e.path.widget === s.widget;

/** What a save answered; errors not shown at the selected widget are listed, each with a way to it. */
export function SaveMessage({ message, doc, errors, selected }: Props) {
  const unplaced = errors.filter((e) => !isAt(e, selected));
  return (
    <div className={message.error ? 'editor-panel__error' : 'editor-panel__ok'} role={message.error ? 'alert' : 'status'}>
      <p>{message.text}</p>
      {unplaced.length > 0 && (
        <ul>
          {unplaced.map((e, i) => (
            <li key={i}>
              {e.path
                ? t('Section %d, column %d, widget %d', e.path.section + 1, e.path.column + 1, e.path.widget + 1)
                : e.section !== null
                  ? t('Section %d', e.section + 1)
                  : e.detail}
              {e.field ? ` (${e.field}${e.detail ? `.${e.detail}` : ''})` : ''}: {e.message}{' '}
              {e.path && widgetAt(doc, e.path) && (
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => setEditorView({ selected: e.path, place: e.path && { section: e.path.section, column: e.path.column } })}
                >
                  {t('Show')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
