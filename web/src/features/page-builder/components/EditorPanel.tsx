import { useEffect, useState } from 'react';
import type { ImageData } from '../../../app/types';
import { t } from '../../../lib/i18n';
import { createRestClient, RestError, type RestClient } from '../../../lib/rest/client';
import {
  addSection,
  addWidget,
  canRedo,
  canUndo,
  commit,
  duplicateWidget,
  moveSection,
  moveWidget,
  redo,
  removeSection,
  removeWidget,
  startHistory,
  undo,
  updateWidget,
  widgetAt,
  type History,
  type Layout,
  type WidgetPath,
} from '../model/editorState';
import { editorView, setEditorView, useEditorView } from '../model/editorStore';
import { fieldChange, fieldValue, widgetDef, WIDGETS, type FieldDef } from '../model/widgets';
import '../editor.css';

const NONCE_ENDPOINT = '/wp-admin/admin-ajax.php?action=rest-nonce';

interface WpPage {
  id: number;
  status: string;
  laden_layout: Layout;
  laden_revision: number;
}

interface WpRevision {
  id: number;
  date: string;
  laden_revision: number;
  laden_layout: Layout;
}

interface WpMedia {
  id: number;
  alt_text: string;
  source_url: string;
  media_details: { width: number; height: number; sizes: Record<string, { source_url: string; width: number; height: number }> };
}

/** A library image in the shape the widgets draw. */
function imageOf(m: WpMedia): ImageData {
  const s = m.media_details.sizes;
  const size = (k: string) => ({ src: s[k]?.source_url ?? m.source_url, width: s[k]?.width ?? m.media_details.width, height: s[k]?.height ?? m.media_details.height });
  const large = s['large'] ? size('large') : size('full');
  return {
    id: m.id,
    src: m.source_url,
    thumbnail: size('thumbnail').src,
    srcset: Object.values(s).map((x) => `${x.source_url} ${x.width}w`).join(', '),
    sizes: '(max-width: 1200px) 100vw, 1200px',
    name: '',
    alt: m.alt_text,
    width: m.media_details.width,
    height: m.media_details.height,
    caption: '',
    large,
    medium: s['medium'] ? size('medium') : large,
  } as ImageData;
}

type Band = 'desktop' | 'tablet' | 'mobile';

/** The page editor's side panel: palette, the selected widget's settings, moves, undo/redo, preview bands, save and publish, revisions. */
export default function EditorPanel({ pageId }: { pageId: number }) {
  const [api, setApi] = useState<RestClient | null>(null);
  const [history, setHistory] = useState<History | null>(null);
  const [revision, setRevision] = useState(0);
  const [status, setStatus] = useState('draft');
  const [message, setMessage] = useState<{ error: boolean; text: string; details?: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [library, setLibrary] = useState<ImageData[]>([]);
  const [revisions, setRevisions] = useState<WpRevision[] | null>(null);
  const [band, setBand] = useState<Band>('desktop');
  const [palette, setPalette] = useState(WIDGETS[0]!.type);
  const { selected } = useEditorView();

  useEffect(() => {
    let live = true;
    (async () => {
      const res = await fetch(NONCE_ENDPOINT, { credentials: 'include' });
      const nonce = (await res.text()).trim();
      const client = createRestClient({ root: '/wp-json/', nonce, nonceEndpoint: NONCE_ENDPOINT });
      const page = await client<WpPage>({ path: `/wp/v2/pages/${pageId}?context=edit` });
      const media = await client<WpMedia[]>({ path: '/wp/v2/media?per_page=40&media_type=image' }).catch(() => []);
      if (!live) return;
      setApi(() => client);
      setHistory(startHistory(page.laden_layout));
      setRevision(page.laden_revision);
      setStatus(page.status);
      setLibrary(media.map(imageOf));
      setEditorView({ doc: page.laden_layout, selected: null });
    })().catch((e: unknown) => setMessage({ error: true, text: e instanceof RestError ? e.message : t('An unknown error occurred.') }));
    return () => {
      live = false;
      setEditorView({ doc: null, selected: null });
    };
  }, [pageId]);

  useEffect(() => {
    document.documentElement.dataset['editorPreview'] = band;
    return () => {
      delete document.documentElement.dataset['editorPreview'];
    };
  }, [band]);

  if (!history || !api) return <aside className="editor-panel" aria-label={t('Page editor')}>{message ? <p role="alert">{message.text}</p> : <p>{t('Loading…')}</p>}</aside>;

  const client = api;
  const doc = history.present;
  const apply = (next: Layout, select: WidgetPath | null = editorView().selected) => {
    const h = commit(history, next);
    setHistory(h);
    setEditorView({ doc: h.present, selected: select && widgetAt(h.present, select) ? select : null });
  };
  const jump = (h: History) => {
    setHistory(h);
    setEditorView({ doc: h.present, selected: null });
  };
  const widget = selected ? widgetAt(doc, selected) : undefined;
  const def = widget ? widgetDef(widget.type) : undefined;

  function add() {
    const made = widgetDef(palette)!.make();
    let next = doc;
    let at: WidgetPath;
    if (selected && widget) {
      at = { ...selected, widget: selected.widget + 1 };
    } else {
      if (next.sections.length === 0) next = addSection(next, 0);
      const section = next.sections.length - 1;
      at = { section, column: 0, widget: next.sections[section]!.columns[0]!.widgets.length };
    }
    apply(addWidget(next, at.section, at.column, made, at.widget), at);
  }

  async function save(publish: boolean) {
    setBusy(true);
    setMessage(null);
    try {
      const page = await client<WpPage>({
        path: `/wp/v2/pages/${pageId}`,
        method: 'PATCH',
        data: { laden_layout: doc, laden_revision: revision, ...(publish ? { status: 'publish' } : status === 'publish' ? {} : { status: 'draft' }) },
      });
      setRevision(page.laden_revision);
      setStatus(page.status);
      setMessage({ error: false, text: publish ? t('Published.') : t('Saved.') });
    } catch (e) {
      // The editor keeps everything; the editor is told what happened.
      const params = e instanceof RestError && e.data && typeof e.data === 'object' ? (e.data as { params?: Record<string, string> }).params : undefined;
      setMessage({ error: true, text: e instanceof RestError ? e.message : t('An unknown error occurred.'), ...(params ? { details: Object.entries(params).map(([k, v]) => `${k}: ${v}`) } : {}) });
    } finally {
      setBusy(false);
    }
  }

  async function showRevisions() {
    try {
      setRevisions(await client<WpRevision[]>({ path: `/wp/v2/pages/${pageId}/revisions?context=edit&per_page=20` }));
    } catch (e) {
      setMessage({ error: true, text: e instanceof RestError ? e.message : t('An unknown error occurred.') });
    }
  }

  const field = (fd: FieldDef, value: unknown, set: (v: unknown) => void, id: string) => {
    switch (fd.kind) {
      case 'html':
        return <textarea id={id} rows={5} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} />;
      case 'number':
        return <input id={id} type="number" min={fd.min} max={fd.max} value={typeof value === 'number' ? value : ''} onChange={(e) => set(e.target.value === '' ? '' : Number(e.target.value))} />;
      case 'bool':
        return <input id={id} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />;
      case 'select':
        return (
          <select id={id} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)}>
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
          >
            <option value={0}>{t('None')}</option>
            {library.map((m) => (
              <option key={m.id} value={m.id}>
                {m.alt || t('Image %d', m.id)}
              </option>
            ))}
          </select>
        );
      case 'items': {
        const items = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
        return (
          <div className="editor-items" id={id}>
            {items.map((it, i) => (
              <fieldset key={i}>
                <legend>{t('Entry %d', i + 1)}</legend>
                {fd.fields.map((sub) => (
                  <div className="editor-field" key={sub.name}>
                    <label htmlFor={`${id}-${i}-${sub.name}`}>{t(sub.label)}</label>
                    {field(sub, it[sub.name], (v) => set(items.map((x, j) => (j === i ? { ...x, [sub.name]: v === '' ? undefined : v } : x))), `${id}-${i}-${sub.name}`)}
                  </div>
                ))}
                <button type="button" className="button button--small button--ghost" onClick={() => set(items.filter((_, j) => j !== i))}>
                  {t('Remove entry')}
                </button>
              </fieldset>
            ))}
            <button type="button" className="button button--small" onClick={() => set([...items, Object.fromEntries(fd.fields.filter((x) => x.kind === 'text').slice(0, 1).map((x) => [x.name, t('New entry')]))])}>
              {t('Add entry')}
            </button>
          </div>
        );
      }
      default:
        return <input id={id} type="text" value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} />;
    }
  };

  return (
    <aside className="editor-panel" aria-label={t('Page editor')}>
      <div className="editor-panel__bar" role="toolbar" aria-label={t('Page editor')}>
        <button type="button" disabled={!canUndo(history)} onClick={() => jump(undo(history))}>
          {t('Undo')}
        </button>
        <button type="button" disabled={!canRedo(history)} onClick={() => jump(redo(history))}>
          {t('Redo')}
        </button>
        {(['desktop', 'tablet', 'mobile'] as const).map((b) => (
          <button key={b} type="button" aria-pressed={band === b} onClick={() => setBand(b)}>
            {b === 'desktop' ? t('Desktop') : b === 'tablet' ? t('Tablet') : t('Mobile')}
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
      {message && (
        <div className={message.error ? 'editor-panel__error' : 'editor-panel__ok'} role={message.error ? 'alert' : 'status'}>
          <p>{message.text}</p>
          {message.details && (
            <ul>
              {message.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}
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
        <button type="button" className="button button--small button--ghost" onClick={() => apply(addSection(doc, doc.sections.length))}>
          {t('Add section')}
        </button>
      </div>
      {widget && def && selected ? (
        <section className="editor-panel__widget" aria-label={t('Selected widget')}>
          <h2>{t(def.label)}</h2>
          {def.fields.map((fd) => (
            <div className="editor-field" key={fd.name}>
              <label htmlFor={`editor-${fd.name}`}>{t(fd.label)}</label>
              {field(fd, fieldValue(widget, fd.name), (v) => apply(updateWidget(doc, selected, fieldChange(widget, fd.name, v))), `editor-${fd.name}`)}
            </div>
          ))}
          <div className="editor-panel__row">
            <button type="button" onClick={() => apply(moveWidget(doc, selected, { ...selected, widget: selected.widget - 1 }), { ...selected, widget: Math.max(0, selected.widget - 1) })}>
              {t('Move up')}
            </button>
            <button type="button" onClick={() => apply(moveWidget(doc, selected, { ...selected, widget: selected.widget + 1 }), { ...selected, widget: Math.min(selected.widget + 1, doc.sections[selected.section]!.columns[selected.column]!.widgets.length - 1) })}>
              {t('Move down')}
            </button>
            <button type="button" onClick={() => apply(duplicateWidget(doc, selected), { ...selected, widget: selected.widget + 1 })}>
              {t('Duplicate')}
            </button>
            <button type="button" onClick={() => apply(removeWidget(doc, selected), null)}>
              {t('Delete')}
            </button>
          </div>
          <div className="editor-panel__row">
            <button type="button" onClick={() => apply(moveSection(doc, selected.section, selected.section - 1), { ...selected, section: Math.max(0, selected.section - 1) })}>
              {t('Section up')}
            </button>
            <button type="button" onClick={() => apply(moveSection(doc, selected.section, selected.section + 1), { ...selected, section: Math.min(doc.sections.length - 1, selected.section + 1) })}>
              {t('Section down')}
            </button>
            <button type="button" onClick={() => apply(removeSection(doc, selected.section), null)}>
              {t('Delete section')}
            </button>
          </div>
        </section>
      ) : (
        <p>{t('Select a widget on the page to change it.')}</p>
      )}
      <details className="editor-panel__revisions" onToggle={(e) => (e.currentTarget.open ? void showRevisions() : undefined)}>
        <summary>{t('Earlier versions')}</summary>
        {revisions?.length === 0 && <p>{t('No earlier versions yet.')}</p>}
        <ul>
          {revisions?.map((r) => (
            <li key={r.id}>
              {t('Version %d', r.laden_revision)} · {r.date.replace('T', ' ')}{' '}
              <button type="button" className="button button--small" onClick={() => apply(r.laden_layout, null)}>
                {t('Restore')}
              </button>
            </li>
          ))}
        </ul>
      </details>
    </aside>
  );
}
