/**
 * What the page editor shows before anything is saved, pure:
 * - product grids and carousels show the products the server picks for their
 *   settings (fetched per distinct setting and kept by `productKey`);
 * - the preview frame draws the page at one band's width, scaled to fit, and
 *   receives the editor's document by message (`PREVIEW_MESSAGE`).
 */
import type { CardData, Widget } from '../../../lib/types';
import type { Layout } from './editorState';
import { productKey, type ProductCache } from './productCache';
import { PREVIEW_PARAM } from './previewMode';

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
