import { useEffect, useRef, useState } from 'react';
import { t } from '../../../lib/i18n';
import { RestError } from '../../../lib/rest/client';
import type { DragItem, DropTarget } from '../model/dragDrop';
import { applyDrop } from '../model/drop';
import {
  canRedo,
  canUndo,
  commit,
  redo,
  startHistory,
  undo,
  widgetAt,
  type History,
  type Layout,
  type WidgetPath,
} from '../model/editorState';
import { editorView, setEditorView, useEditorView } from '../model/editorStore';
import { placeErrors, type PlacedError } from '../model/saveErrors';
import { AddWidget } from './panel/AddWidget';
import { errorText } from './panel/errorText';
import { NewPage } from './panel/NewPage';
import { BANDS, bandLabel, PreviewFrame, type Band } from './panel/PreviewFrame';
import { Revisions } from './panel/Revisions';
import { SaveMessage } from './panel/SaveMessage';
import { SectionSettings } from './panel/SectionSettings';
import { useEditorMark, useEditorSession, useLeaveGuard, type Session } from './panel/useEditorSession';
import { useProductPreviews } from './panel/useProductPreviews';
import { WidgetSettings } from './panel/WidgetSettings';
import '../editor.css';

/** The page editor's side panel: palette, the selected widget's settings, moves, undo/redo, preview bands, save and publish, revisions. */
export default function EditorPanel({ pageId }: { pageId: number }) {
  const { session, error } = useEditorSession(pageId);
  useEditorMark();
  if (!session)
    return (
      <aside className="editor-panel" aria-label={t('Page editor')}>
        {error ? <p role="alert">{error}</p> : <p>{t('Loading…')}</p>}
      </aside>
    );
  return <Editor pageId={pageId} session={session} />;
}

/** The document's history; every edit goes through `apply` (undo takes it back), canvas drops too. */
function useHistory(start: Layout) {
  const [history, setHistory] = useState<History>(() => startHistory(start));
  const latest = useRef(history);
  latest.current = history;
  const apply = (next: Layout, select: WidgetPath | null = editorView().selected) => {
    const h = commit(latest.current, next);
    latest.current = h;
    setHistory(h);
    const kept = select && widgetAt(h.present, select) ? select : null;
    const place = editorView().place;
    setEditorView({
      doc: h.present,
      selected: kept,
      place: kept
        ? { section: kept.section, column: kept.column }
        : place && h.present.sections[place.section]?.columns[place.column]
          ? place
          : null,
    });
  };
  const jump = (h: History) => {
    latest.current = h;
    setHistory(h);
    setEditorView({ doc: h.present, selected: null });
  };
  const dropRef = useRef<(item: DragItem, target: DropTarget) => void>(() => undefined);
  dropRef.current = (item, target) => {
    const r = applyDrop(latest.current.present, item, target);
    apply(r.doc, r.selected);
  };
  useEffect(() => {
    setEditorView({ drop: (item, target) => dropRef.current(item, target) });
  }, []);
  return { history, apply, jump };
}

function Editor({ pageId, session }: { pageId: number; session: Session }) {
  const { api, library } = session;
  const { history, apply, jump } = useHistory(session.layout);
  /** The document as last loaded or saved: anything else is unsaved work. */
  const [saved, setSaved] = useState<Layout>(session.layout);
  const [revision, setRevision] = useState(session.revision);
  const [status, setStatus] = useState(session.status);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [errors, setErrors] = useState<PlacedError[]>([]);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Band | null>(null);
  const { selected, place } = useEditorView();
  const doc = history.present;
  const dirty = doc !== saved;
  useLeaveGuard(dirty);
  useProductPreviews(api, doc);

  const where = selected
    ? { section: selected.section, column: selected.column }
    : place && doc.sections[place.section]?.columns[place.column]
      ? place
      : null;

  async function save(publish: boolean) {
    setBusy(true);
    setMessage(null);
    setErrors([]);
    try {
      const page = await api.pages.update(pageId, {
        laden_layout: doc,
        laden_revision: revision,
        ...(publish ? { status: 'publish' } : status === 'publish' ? {} : { status: 'draft' }),
      });
      setRevision(page.laden_revision ?? revision);
      setStatus(page.status);
      setSaved(doc);
      setMessage({ error: false, text: publish ? t('Published.') : t('Saved.') });
    } catch (e) {
      // The editor keeps everything; the editor is told what happened, at the widget concerned.
      const params =
        e instanceof RestError && e.data && typeof e.data === 'object' ? (e.data as { params?: Record<string, string> }).params : undefined;
      const placed = params ? placeErrors(params) : [];
      setErrors(placed);
      setMessage({ error: true, text: errorText(e) });
      const first = placed.find((p) => p.path && widgetAt(doc, p.path));
      if (first?.path && !selected)
        setEditorView({ selected: first.path, place: { section: first.path.section, column: first.path.column } });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {preview && <PreviewFrame band={preview} onClose={() => setPreview(null)} />}
      <aside className="editor-panel" aria-label={t('Page editor')}>
        <div className="editor-panel__bar" role="toolbar" aria-label={t('Page editor')}>
          <button type="button" disabled={!canUndo(history)} onClick={() => jump(undo(history))}>
            {t('Undo')}
          </button>
          <button type="button" disabled={!canRedo(history)} onClick={() => jump(redo(history))}>
            {t('Redo')}
          </button>
        </div>
        <div className="editor-panel__bar" role="group" aria-label={t('Preview')}>
          {BANDS.map((b) => (
            <button key={b} type="button" aria-pressed={preview === b} onClick={() => setPreview(preview === b ? null : b)}>
              {bandLabel(b)}
            </button>
          ))}
        </div>
        <div className="editor-panel__row">
          <button type="button" className="button" disabled={busy} onClick={() => void save(false)}>
            {status === 'publish' ? t('Save') : t('Save draft')}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void save(true)}>
            {t('Publish')}
          </button>
        </div>
        {message && <SaveMessage message={message} doc={doc} errors={errors} selected={selected} />}
        <AddWidget doc={doc} selected={selected} where={where} apply={apply} />
        {selected ? (
          <WidgetSettings doc={doc} selected={selected} errors={errors} library={library} apply={apply} />
        ) : (
          <p>{t('Select a widget on the page to change it.')}</p>
        )}
        {where && <SectionSettings doc={doc} where={where} selected={selected} apply={apply} />}
        <Revisions
          api={api}
          pageId={pageId}
          restore={(layout) => apply(layout, null)}
          onError={(text) => setMessage({ error: true, text })}
        />
        <NewPage api={api} dirty={dirty} />
      </aside>
    </>
  );
}
