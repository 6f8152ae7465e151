/** Which admin screen a `/wp-admin/…` path shows. */
export type AdminScreen =
  | { screen: 'dashboard' }
  | { screen: 'orders' }
  | { screen: 'order'; id: number }
  | { screen: 'products' }
  | { screen: 'product'; id: number | null }
  | { screen: 'import' }
  | { screen: 'unknown' };

export const ADMIN_PATHS = {
  dashboard: '/wp-admin/',
  orders: '/wp-admin/bestellungen/',
  products: '/wp-admin/produkte/',
  newProduct: '/wp-admin/produkte/neu/',
  import: '/wp-admin/import/',
} as const;

export const orderPath = (id: number): string => `${ADMIN_PATHS.orders}${id}/`;
export const productPath = (id: number): string => `${ADMIN_PATHS.products}${id}/`;

export function adminScreen(path: string): AdminScreen {
  const p = path.endsWith('/') ? path : `${path}/`;
  if (p === ADMIN_PATHS.dashboard) return { screen: 'dashboard' };
  if (p === ADMIN_PATHS.orders) return { screen: 'orders' };
  if (p === ADMIN_PATHS.products) return { screen: 'products' };
  if (p === ADMIN_PATHS.newProduct) return { screen: 'product', id: null };
  if (p === ADMIN_PATHS.import) return { screen: 'import' };
  const order = /^\/wp-admin\/bestellungen\/(\d+)\/$/.exec(p);
  if (order) return { screen: 'order', id: Number(order[1]) };
  const product = /^\/wp-admin\/produkte\/(\d+)\/$/.exec(p);
  if (product) return { screen: 'product', id: Number(product[1]) };
  return { screen: 'unknown' };
}
