/**
 * What the page editor shows before anything is saved, pure:
 * - product grids and carousels show the products the server picks for their
 *   settings (fetched per distinct setting and kept by `productKey`);
 * - the preview frame draws the page at one band's width, scaled to fit, and
 *   receives the editor's document by message (`PREVIEW_MESSAGE`).
 */
import type { CardData, Widget } from '../../../lib/types';
import type { Layout } from './editorState';

export const PRODUCT_WIDGETS: readonly string[] = ['product_grid', 'product_carousel'];

/** Products per product-widget setting. */
export type ProductCache = Record<string, CardData[]>;

/** What decides a product widget's products: its source, category, ids and limit (not its title or carousel). */
export function productKey(w: Widget): string | null {
  if (!PRODUCT_WIDGETS.includes(w.type)) return null;
  return JSON.stringify([w['source'] ?? 'newest', w['category'] ?? null, Array.isArray(w['ids']) ? w['ids'] : null, w['limit'] ?? null]);
}

function* widgetsOf(doc: Layout): Generator<Widget> {
  for (const s of doc.sections) for (const c of s.columns) yield* c.widgets;
}

/** The product widgets whose products are not known yet, one per distinct setting. */
export function missingProductWidgets(doc: Layout, cache: ProductCache): Widget[] {
  const seen = new Set<string>();
  const out: Widget[] = [];
  for (const w of widgetsOf(doc)) {
    const key = productKey(w);
    if (key === null || key in cache || seen.has(key)) continue;
    seen.add(key);
    const { products: _products, ...settings } = w;
    out.push(settings as Widget);
  }
  return out;
}

/** A product widget with the products known for its setting (unknown: as it is). */
export function withProducts(w: Widget, cache: ProductCache): Widget {
  const key = productKey(w);
  return key !== null && cache[key] ? { ...w, products: cache[key] } : w;
}

/** The products the server resolved, by setting: `widgets` as sent, `resolved` as returned (same order). */
export function cacheProducts(cache: ProductCache, widgets: Widget[], resolved: Widget[]): ProductCache {
  const next = { ...cache };
  widgets.forEach((w, i) => {
    const key = productKey(w);
    const products = resolved[i]?.['products'];
    if (key !== null) next[key] = Array.isArray(products) ? (products as CardData[]) : [];
  });
  return next;
}

/** The query parameter that makes a page the editor's preview frame. */
export const PREVIEW_PARAM = 'editor_preview';
export const PREVIEW_MESSAGE = 'laden-editor-preview';
export const PREVIEW_READY = 'laden-editor-preview-ready';

export const previewModeIn = (search: string): boolean => new URLSearchParams(search).get(PREVIEW_PARAM) === '1';

/** The page's address as the preview frame loads it (editor mode and hash dropped). */
export function previewUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('editor');
  url.searchParams.set(PREVIEW_PARAM, '1');
  url.hash = '';
  return url.pathname + url.search;
}

/** The scale that fits a frame `width` wide into `available` px (never enlarged). */
export function previewScale(available: number, width: number): number {
  if (!(available > 0) || !(width > 0)) return 1;
  return Math.min(1, available / width);
}

/** The products a server-rendered page already carries, by setting: the editor starts from them. */
export function cacheFromLayout(doc: Layout): ProductCache {
  const cache: ProductCache = {};
  for (const w of widgetsOf(doc)) {
    const key = productKey(w);
    if (key !== null && Array.isArray(w['products']) && !(key in cache)) cache[key] = w['products'] as CardData[];
  }
  return cache;
}
