import { t } from '../../../../lib/i18n';
import {
  addColumn,
  duplicateSection,
  MAX_COLUMNS,
  moveColumn,
  moveSection,
  removeColumn,
  removeSection,
  updateSection,
  type Layout,
  type WidgetPath,
} from '../../model/editorState';
import { setEditorView } from '../../model/editorStore';
import type { Apply } from './WidgetSettings';

interface Props {
  doc: Layout;
  /** The section and column being worked in. */
  where: { section: number; column: number };
  selected: WidgetPath | null;
  apply: Apply;
}

/** The section being worked in: its width and moves, and its column's. */
export function SectionSettings({ doc, where, selected, apply }: Props) {
  const section = doc.sections[where.section];
  if (!section) return null;
  const toSection = (to: number) => {
    apply(moveSection(doc, where.section, to), selected && { ...selected, section: to });
    setEditorView({ place: { ...where, section: to } });
  };
  return (
    <section className="editor-panel__section" aria-label={t('Section %d', where.section + 1)}>
      <h2>{t('Section %d', where.section + 1)}</h2>
      <div className="editor-field">
        <label htmlFor="editor-section-layout">{t('Width')}</label>
        <select
          id="editor-section-layout"
          value={section.layout ?? 'boxed'}
          onChange={(e) => apply(updateSection(doc, where.section, { layout: e.target.value === 'stretched' ? 'stretched' : 'boxed' }))}
        >
          <option value="boxed">{t('Boxed')}</option>
          <option value="stretched">{t('Full window width')}</option>
        </select>
      </div>
      <div className="editor-panel__row">
        <button type="button" disabled={where.section === 0} onClick={() => toSection(where.section - 1)}>
          {t('Section up')}
        </button>
        <button type="button" disabled={where.section >= doc.sections.length - 1} onClick={() => toSection(where.section + 1)}>
          {t('Section down')}
        </button>
        <button type="button" onClick={() => apply(duplicateSection(doc, where.section), null)}>
          {t('Duplicate section')}
        </button>
        <button type="button" onClick={() => apply(removeSection(doc, where.section), null)}>
          {t('Delete section')}
        </button>
      </div>
      <h3>{t('Column %d of %d', where.column + 1, section.columns.length)}</h3>
      <ColumnMoves doc={doc} where={where} selected={selected} apply={apply} columns={section.columns.length} />
    </section>
  );
}

function ColumnMoves({ doc, where, selected, apply, columns }: Props & { columns: number }) {
  const toColumn = (to: number) => {
    apply(moveColumn(doc, where.section, where.column, to), selected && { ...selected, column: to });
    setEditorView({ place: { section: where.section, column: to } });
  };
  return (
    <div className="editor-panel__row">
      <button type="button" disabled={where.column === 0} onClick={() => toColumn(where.column - 1)}>
        {t('Column to the left')}
      </button>
      <button type="button" disabled={where.column >= columns - 1} onClick={() => toColumn(where.column + 1)}>
        {t('Column to the right')}
      </button>
      <button type="button" disabled={columns >= MAX_COLUMNS} onClick={() => apply(addColumn(doc, where.section, where.column + 1))}>
        {t('Add column')}
      </button>
      <button
        type="button"
        disabled={columns <= 1}
        onClick={() => {
          apply(removeColumn(doc, where.section, where.column), null);
          setEditorView({ place: { section: where.section, column: Math.max(0, where.column - 1) } });
        }}
      >
        {t('Delete column')}
      </button>
    </div>
  );
}
