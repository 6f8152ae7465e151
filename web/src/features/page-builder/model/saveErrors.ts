/**
 * The server names every refused part of a page by its path
 * (`laden_layout.sections.0.columns.1.widgets.2.text`); the editor shows each
 * message at the widget and field it belongs to.
 */
import type { WidgetPath } from './editorState';

export interface PlacedError {
  /** The widget the message is about; `null` for the section or the page. */
  path: WidgetPath | null;
  section: number | null;
  /** The widget's field (first part below the widget), or '' for the widget itself. */
  field: string;
  /** The rest of the path below the field (an entry of a list: `0.media`). */
  detail: string;
  message: string;
}

const WIDGET = /^laden_layout\.sections\.(\d+)(?:\.columns\.(\d+)(?:\.widgets\.(\d+)(?:\.([^.]+)(?:\.(.+))?)?)?)?/;

export function placeErrors(params: Record<string, string>): PlacedError[] {
  return Object.entries(params).map(([key, message]) => {
    const m = WIDGET.exec(key);
    if (!m) return { path: null, section: null, field: '', detail: key, message };
    const section = Number(m[1]);
    if (m[3] === undefined) return { path: null, section, field: '', detail: key.replace(/^laden_layout\./, ''), message };
    return { path: { section, column: Number(m[2]), widget: Number(m[3]) }, section, field: m[4] ?? '', detail: m[5] ?? '', message };
  });
}

/** The messages for one widget's field ('' = the widget as a whole); fields may be dotted (`carousel.autoplay`). */
export function errorsAt(errors: PlacedError[], path: WidgetPath, field: string): string[] {
  const out: string[] = [];
  for (const e of errors) {
    if (!e.path || e.path.section !== path.section || e.path.column !== path.column || e.path.widget !== path.widget) continue;
    const full = [e.field, e.detail].filter(Boolean).join('.');
    if (field === '' ? full !== '' : full !== field && !full.startsWith(`${field}.`)) continue;
    const rest = field === '' ? '' : full.slice(field.length + 1);
    out.push(rest ? `${rest}: ${e.message}` : e.message);
  }
  return out;
}
