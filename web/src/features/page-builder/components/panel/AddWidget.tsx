import { useState } from 'react';
import { t } from '../../../../lib/i18n';
import { addSection, addWidget, widgetAt, type Layout, type WidgetPath } from '../../model/editorState';
import { widgetDef, WIDGETS } from '../../model/widgets';
import type { Apply } from './WidgetSettings';

interface Props {
  doc: Layout;
  selected: WidgetPath | null;
  where: { section: number; column: number } | null;
  apply: Apply;
}

/** The palette: a new widget after the selected one (or at the end of the column worked in), a new section. */
export function AddWidget({ doc, selected, where, apply }: Props) {
  const [palette, setPalette] = useState(WIDGETS[0]!.type);
  function add() {
    const made = widgetDef(palette)!.make();
    let next = doc;
    let at: WidgetPath;
    if (selected && widgetAt(doc, selected)) {
      at = { ...selected, widget: selected.widget + 1 };
    } else if (where) {
      at = { ...where, widget: next.sections[where.section]!.columns[where.column]!.widgets.length };
    } else {
      if (next.sections.length === 0) next = addSection(next, 0);
      const s = next.sections.length - 1;
      at = { section: s, column: 0, widget: next.sections[s]!.columns[0]!.widgets.length };
    }
    apply(addWidget(next, at.section, at.column, made, at.widget), at);
  }
  return (
    <div className="editor-panel__row">
      <label htmlFor="editor-palette">{t('Add widget')}</label>
      <select id="editor-palette" value={palette} onChange={(e) => setPalette(e.target.value)}>
        {WIDGETS.map((w) => (
          <option key={w.type} value={w.type}>
            {t(w.label)}
          </option>
        ))}
      </select>
      <button type="button" className="button button--small" onClick={add}>
        {t('Add')}
      </button>
      <button
        type="button"
        className="button button--small button--ghost"
        onClick={() => apply(addSection(doc, where ? where.section + 1 : doc.sections.length), null)}
      >
        {t('Add section')}
      </button>
    </div>
  );
}
