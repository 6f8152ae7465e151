import type { ComponentType } from 'react';
import { loadChunk } from '../../lib/rest/chunks';
import type { PageData } from '../../lib/types';

/**
 * Each route's view is a chunk of its own (`views/<route>.tsx`), so a page loads only its own
 * code: a product page no checkout, a checkout no page builder. The browser loads the view of
 * its page before hydrating (the server sends it as `modulepreload`, with its CSS in the head);
 * the server bundle provides every view up front (`views/all.ts`).
 */
export type Route = PageData['route'];
export type DataOf<R extends Route> = PageData & { route: R };
type AnyView = ComponentType<{ data: PageData }>;

const loaders: Partial<Record<Route, () => Promise<{ View: ComponentType<{ data: never }> }>>> = {
  home: () => import('./home'),
  page: () => import('./page'),
  shop: () => import('./shop'),
  category: () => import('./category'),
  product: () => import('./product'),
  cart: () => import('./cart'),
  checkout: () => import('./checkout'),
  order: () => import('./order'),
  orderPay: () => import('./orderPay'),
  withdrawal: () => import('./withdrawal'),
  admin: () => import('./admin'),
};

const views = new Map<Route, AnyView>();

/** Makes a view available without loading (the server bundle). */
export function provideView<R extends Route>(route: R, view: ComponentType<{ data: DataOf<R> }>): void {
  views.set(route, view as unknown as AnyView);
}

/** Loads the view of `route` (spec §8: a German error after 120 s or on failure). */
export async function loadView(route: Route): Promise<void> {
  const load = loaders[route];
  if (!load || views.has(route)) return;
  const module = await loadChunk(load);
  views.set(route, module.View as unknown as AnyView);
}

/** The view of `route`, if provided or loaded. */
export function viewFor(route: Route): AnyView | undefined {
  return views.get(route);
}
