import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ImageData, Widget } from '../../../lib/types';
import { EDITOR_PREVIEW_WIDTHS } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { RestError, type RestClient } from '../../../lib/rest/client';
import { loggedInClient } from '../../../lib/rest/staff';
import type { DragItem, DropTarget } from '../model/dragDrop';
import { applyDrop } from '../model/drop';
import {
  addColumn,
  addSection,
  addWidget,
  canRedo,
  canUndo,
  commit,
  duplicateSection,
  duplicateWidget,
  MAX_COLUMNS,
  moveColumn,
  moveSection,
  moveWidget,
  redo,
  removeColumn,
  removeSection,
  removeWidget,
  startHistory,
  undo,
  updateSection,
  updateWidget,
  widgetAt,
  type History,
  type Layout,
  type WidgetPath,
} from '../model/editorState';
import { editorView, setEditorView, useEditorView } from '../model/editorStore';
import {
  cacheProducts,
  missingProductWidgets,
  previewScale,
  productKey,
  previewUrl,
  PREVIEW_MESSAGE,
  PREVIEW_READY,
} from '../model/preview';
import { errorsAt, placeErrors, type PlacedError } from '../model/saveErrors';
import { fieldChange, fieldValue, widgetDef, WIDGETS, type FieldDef } from '../model/widgets';
import '../editor.css';

interface WpPage {
  id: number;
  slug: string;
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
  const size = (k: string) => ({
    src: s[k]?.source_url ?? m.source_url,
    width: s[k]?.width ?? m.media_details.width,
    height: s[k]?.height ?? m.media_details.height,
  });
  const large = s['large'] ? size('large') : size('full');
  return {
    id: m.id,
    src: m.source_url,
    thumbnail: size('thumbnail').src,
    srcset: Object.values(s)
      .map((x) => `${x.source_url} ${x.width}w`)
      .join(', '),
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

type Band = keyof typeof EDITOR_PREVIEW_WIDTHS;
const BANDS: Band[] = ['desktop', 'tablet', 'mobile'];

/** Waits this long after the last change before asking the server for a product widget's products. */
const PRODUCT_FETCH_DELAY_MS = 300;

const errorText = (e: unknown): string => (e instanceof RestError ? e.message : t('An unknown error occurred.'));

/**
 * The page at one band's width (spec §9 bands), in a frame scaled to fit the room beside the
 * panel: the band's own media queries and carousel settings apply, whatever the window. The
 * frame shows the editor's unsaved document (sent by message), not the saved page.
 */
function PreviewFrame({ band, onClose }: { band: Band; onClose: () => void }) {
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [room, setRoom] = useState({ width: 0, height: 0 });
  const view = useEditorView();
  const width = EDITOR_PREVIEW_WIDTHS[band];
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setRoom({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const send = () => {
    const v = editorView();
    frame.current?.contentWindow?.postMessage(
      { type: PREVIEW_MESSAGE, doc: v.doc, media: v.media, products: v.products },
      window.location.origin,
    );
  };
  // The frame asks once it is listening; after that every change is sent.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (
        e.origin === window.location.origin &&
        e.source === frame.current?.contentWindow &&
        (e.data as { type?: string } | null)?.type === PREVIEW_READY
      )
        send();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(send, [view.doc, view.media, view.products]);
  const scale = previewScale(room.width, width);
  return (
    <div className="editor-preview" role="region" aria-label={t('Preview')}>
      <div className="editor-preview__bar">
        <span>{t('Preview: %s (%d px)', band === 'desktop' ? t('Desktop') : band === 'tablet' ? t('Tablet') : t('Mobile'), width)}</span>
        <button type="button" className="button button--small" onClick={onClose}>
          {t('Close preview')}
        </button>
      </div>
      <div className="editor-preview__stage" ref={stage}>
        {room.width > 0 && (
          <iframe
            ref={frame}
            title={t('Preview')}
            src={previewUrl(window.location.href)}
            data-band={band}
            style={{
              width,
              height: room.height / scale,
              transform: `scale(${scale})`,
              marginLeft: Math.max(0, (room.width - width * scale) / 2),
            }}
          />
        )}
      </div>
    </div>
  );
}

/** A new page, made as a draft and opened in the editor (its slug is made unique by the server). */
function NewPage({ client, dirty }: { client: RestClient; dirty: boolean }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function create(e: FormEvent) {
    e.preventDefault();
    if (title.trim() === '') {
      setError(t('Please enter a title.'));
      return;
    }
    if (dirty) {
      setError(t('Please save or publish your changes to this page first.'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const page = await client<WpPage>({
        path: '/wp/v2/pages',
        method: 'POST',
        data: {
          title: title.trim(),
          status: 'draft',
          laden_layout: {
            version: 1,
            sections: [{ layout: 'boxed', columns: [{ widgets: [{ type: 'heading', text: title.trim(), level: 1 }] }] }],
          },
        },
      });
      window.location.assign(`/${page.slug}/?editor=1`);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }
  return (
    <details className="editor-panel__new">
      <summary>{t('New page')}</summary>
      <form onSubmit={(e) => void create(e)} noValidate>
        <div className="editor-field">
          <label htmlFor="editor-new-title">{t('Title')}</label>
          <input
            id="editor-new-title"
            type="text"
            value={title}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'editor-new-error' : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
          {error && (
            <p id="editor-new-error" className="editor-field__error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--small" disabled={busy}>
          {t('Create page')}
        </button>
      </form>
    </details>
  );
}

/** The page editor's side panel: palette, the selected widget's settings, moves, undo/redo, preview bands, save and publish, revisions. */
export default function EditorPanel({ pageId }: { pageId: number }) {
  const [api, setApi] = useState<RestClient | null>(null);
  const [history, setHistory] = useState<History | null>(null);
  const [revision, setRevision] = useState(0);
  const [status, setStatus] = useState('draft');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [errors, setErrors] = useState<PlacedError[]>([]);
  const [busy, setBusy] = useState(false);
  const [library, setLibrary] = useState<ImageData[]>([]);
  const [revisions, setRevisions] = useState<WpRevision[] | null>(null);
  const [preview, setPreview] = useState<Band | null>(null);
  const [palette, setPalette] = useState(WIDGETS[0]!.type);
  const { selected, place } = useEditorView();
  const latest = useRef<History | null>(null);
  latest.current = history;
  /** The document as last loaded or saved: anything else is unsaved work. */
  const [saved, setSaved] = useState<Layout | null>(null);
  const dirty = history !== null && saved !== null && history.present !== saved;
  const pending = useRef(new Set<string>());

  useEffect(() => {
    let live = true;
    (async () => {
      const client = await loggedInClient();
      if (!client) throw new RestError('rest_not_logged_in', t('You are not currently logged in.'), 401);
      const page = await client<WpPage>({ path: `/wp/v2/pages/${pageId}?context=edit` });
      const media = await client<WpMedia[]>({ path: '/wp/v2/media?per_page=40&media_type=image' }).catch(() => []);
      if (!live) return;
      setApi(() => client);
      setHistory(startHistory(page.laden_layout));
      setSaved(page.laden_layout);
      setRevision(page.laden_revision);
      setStatus(page.status);
      setLibrary(media.map(imageOf));
      setEditorView({ doc: page.laden_layout, selected: null, place: null });
    })().catch((e: unknown) => setMessage({ error: true, text: errorText(e) }));
    return () => {
      live = false;
      setEditorView({ doc: null, selected: null, place: null, drop: null });
    };
  }, [pageId]);

  useEffect(() => {
    document.documentElement.dataset['editor'] = 'open';
    return () => {
      delete document.documentElement.dataset['editor'];
    };
  }, []);

  const doc = history?.present ?? null;

  // Unsaved work is not lost by leaving the page unawares: the browser asks first.
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  // Product grids and carousels show their products as soon as their settings change.
  useEffect(() => {
    if (!api || !doc) return;
    const timer = window.setTimeout(() => {
      for (const w of missingProductWidgets(doc, editorView().products)) {
        const key = productKey(w)!;
        if (pending.current.has(key)) continue;
        pending.current.add(key);
        const layout = { version: 1, sections: [{ columns: [{ widgets: [w] }] }] };
        api<{ content: { sections: Array<{ columns: Array<{ widgets: Widget[] }> }> } }>({
          path: '/laden/v1/page-preview',
          method: 'POST',
          data: { laden_layout: layout },
        })
          .then((r) => r.content.sections[0]?.columns[0]?.widgets ?? [])
          // Settings the server refuses show no products; the save names the problem.
          .catch(() => [])
          .then((resolved) => {
            pending.current.delete(key);
            setEditorView({ products: cacheProducts(editorView().products, [w], resolved) });
          });
      }
    }, PRODUCT_FETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [api, doc]);

  const apply = (next: Layout, select: WidgetPath | null = editorView().selected) => {
    const current = latest.current;
    if (!current) return;
    const h = commit(current, next);
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

  // Drops on the canvas become edits like any other (undo takes them back).
  const dropRef = useRef<(item: DragItem, target: DropTarget) => void>(() => undefined);
  dropRef.current = (item, target) => {
    const current = latest.current;
    if (!current) return;
    const r = applyDrop(current.present, item, target);
    apply(r.doc, r.selected);
  };
  useEffect(() => {
    setEditorView({ drop: (item, target) => dropRef.current(item, target) });
  }, []);

  if (!history || !api || !doc)
    return (
      <aside className="editor-panel" aria-label={t('Page editor')}>
        {message ? <p role="alert">{message.text}</p> : <p>{t('Loading…')}</p>}
      </aside>
    );

  const client = api;
  const jump = (h: History) => {
    latest.current = h;
    setHistory(h);
    setEditorView({ doc: h.present, selected: null });
  };
  const widget = selected ? widgetAt(doc, selected) : undefined;
  const def = widget ? widgetDef(widget.type) : undefined;
  const where = selected
    ? { section: selected.section, column: selected.column }
    : place && doc.sections[place.section]?.columns[place.column]
      ? place
      : null;
  const section = where ? doc.sections[where.section] : undefined;

  function add() {
    const made = widgetDef(palette)!.make();
    let next = doc!;
    let at: WidgetPath;
    if (selected && widget) {
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

  async function save(publish: boolean) {
    setBusy(true);
    setMessage(null);
    setErrors([]);
    try {
      const page = await client<WpPage>({
        path: `/wp/v2/pages/${pageId}`,
        method: 'PATCH',
        data: {
          laden_layout: doc,
          laden_revision: revision,
          ...(publish ? { status: 'publish' } : status === 'publish' ? {} : { status: 'draft' }),
        },
      });
      setRevision(page.laden_revision);
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
      const first = placed.find((p) => p.path && widgetAt(doc!, p.path));
      if (first?.path && !selected)
        setEditorView({ selected: first.path, place: { section: first.path.section, column: first.path.column } });
    } finally {
      setBusy(false);
    }
  }

  async function showRevisions() {
    try {
      setRevisions(await client<WpRevision[]>({ path: `/wp/v2/pages/${pageId}/revisions?context=edit&per_page=20` }));
    } catch (e) {
      setMessage({ error: true, text: errorText(e) });
    }
  }

  const field = (fd: FieldDef, value: unknown, set: (v: unknown) => void, id: string, described?: string) => {
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
      case 'items': {
        const items = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
        return (
          <div className="editor-items" id={id} {...a11y}>
            {items.map((it, i) => (
              <fieldset key={i}>
                <legend>{t('Entry %d', i + 1)}</legend>
                {fd.fields.map((sub) => (
                  <div className="editor-field" key={sub.name}>
                    <label htmlFor={`${id}-${i}-${sub.name}`}>{t(sub.label)}</label>
                    {field(
                      sub,
                      it[sub.name],
                      (v) => set(items.map((x, j) => (j === i ? { ...x, [sub.name]: v === '' ? undefined : v } : x))),
                      `${id}-${i}-${sub.name}`,
                    )}
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
      default:
        return <input id={id} type="text" value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} {...a11y} />;
    }
  };

  const unplaced = errors.filter(
    (e) =>
      !(
        e.path &&
        selected &&
        e.path.section === selected.section &&
        e.path.column === selected.column &&
        e.path.widget === selected.widget
      ),
  );
  const widgetErrors = selected ? errorsAt(errors, selected, '') : [];

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
                        onClick={() =>
                          setEditorView({ selected: e.path, place: e.path && { section: e.path.section, column: e.path.column } })
                        }
                      >
                        {t('Show')}
                      </button>
                    )}
                  </li>
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
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => apply(addSection(doc, where ? where.section + 1 : doc.sections.length), null)}
          >
            {t('Add section')}
          </button>
        </div>
        {widget && def && selected ? (
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
                  {field(
                    fd,
                    fieldValue(widget, fd.name),
                    (v) => apply(updateWidget(doc, selected, fieldChange(widget, fd.name, v))),
                    id,
                    problems.length > 0 ? `${id}-error` : undefined,
                  )}
                  {problems.length > 0 && (
                    <p id={`${id}-error`} className="editor-field__error">
                      {problems.join(' ')}
                    </p>
                  )}
                </div>
              );
            })}
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
                    widget: Math.min(selected.widget + 1, doc.sections[selected.section]!.columns[selected.column]!.widgets.length - 1),
                  })
                }
              >
                {t('Move down')}
              </button>
              {selected.column > 0 && (
                <button
                  type="button"
                  onClick={() =>
                    apply(moveWidget(doc, selected, { ...selected, column: selected.column - 1, widget: Number.MAX_SAFE_INTEGER }), {
                      ...selected,
                      column: selected.column - 1,
                      widget: doc.sections[selected.section]!.columns[selected.column - 1]!.widgets.length,
                    })
                  }
                >
                  {t('To the column on the left')}
                </button>
              )}
              {selected.column < (section?.columns.length ?? 1) - 1 && (
                <button
                  type="button"
                  onClick={() =>
                    apply(moveWidget(doc, selected, { ...selected, column: selected.column + 1, widget: Number.MAX_SAFE_INTEGER }), {
                      ...selected,
                      column: selected.column + 1,
                      widget: doc.sections[selected.section]!.columns[selected.column + 1]!.widgets.length,
                    })
                  }
                >
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
          </section>
        ) : (
          <p>{t('Select a widget on the page to change it.')}</p>
        )}
        {where && section && (
          <section className="editor-panel__section" aria-label={t('Section %d', where.section + 1)}>
            <h2>{t('Section %d', where.section + 1)}</h2>
            <div className="editor-field">
              <label htmlFor="editor-section-layout">{t('Width')}</label>
              <select
                id="editor-section-layout"
                value={section.layout ?? 'boxed'}
                onChange={(e) =>
                  apply(updateSection(doc, where.section, { layout: e.target.value === 'stretched' ? 'stretched' : 'boxed' }))
                }
              >
                <option value="boxed">{t('Boxed')}</option>
                <option value="stretched">{t('Full window width')}</option>
              </select>
            </div>
            <div className="editor-panel__row">
              <button
                type="button"
                disabled={where.section === 0}
                onClick={() => {
                  apply(moveSection(doc, where.section, where.section - 1), selected && { ...selected, section: where.section - 1 });
                  setEditorView({ place: { ...where, section: where.section - 1 } });
                }}
              >
                {t('Section up')}
              </button>
              <button
                type="button"
                disabled={where.section >= doc.sections.length - 1}
                onClick={() => {
                  apply(moveSection(doc, where.section, where.section + 1), selected && { ...selected, section: where.section + 1 });
                  setEditorView({ place: { ...where, section: where.section + 1 } });
                }}
              >
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
            <div className="editor-panel__row">
              <button
                type="button"
                disabled={where.column === 0}
                onClick={() => {
                  apply(
                    moveColumn(doc, where.section, where.column, where.column - 1),
                    selected && { ...selected, column: where.column - 1 },
                  );
                  setEditorView({ place: { section: where.section, column: where.column - 1 } });
                }}
              >
                {t('Column to the left')}
              </button>
              <button
                type="button"
                disabled={where.column >= section.columns.length - 1}
                onClick={() => {
                  apply(
                    moveColumn(doc, where.section, where.column, where.column + 1),
                    selected && { ...selected, column: where.column + 1 },
                  );
                  setEditorView({ place: { section: where.section, column: where.column + 1 } });
                }}
              >
                {t('Column to the right')}
              </button>
              <button
                type="button"
                disabled={section.columns.length >= MAX_COLUMNS}
                onClick={() => apply(addColumn(doc, where.section, where.column + 1))}
              >
                {t('Add column')}
              </button>
              <button
                type="button"
                disabled={section.columns.length <= 1}
                onClick={() => {
                  apply(removeColumn(doc, where.section, where.column), null);
                  setEditorView({ place: { section: where.section, column: Math.max(0, where.column - 1) } });
                }}
              >
                {t('Delete column')}
              </button>
            </div>
          </section>
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
        <NewPage client={client} dirty={dirty} />
      </aside>
    </>
  );
}
