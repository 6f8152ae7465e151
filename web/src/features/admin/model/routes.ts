/** Which admin screen a `/wp-admin/…` path shows. */
export type AdminScreen =
  | { screen: 'dashboard' }
  | { screen: 'orders' }
  | { screen: 'order'; id: number }
  | { screen: 'products' }
  | { screen: 'product'; id: number | null }
  | { screen: 'import' }
  | { screen: 'reviews' }
  | { screen: 'customers' }
  | { screen: 'customer'; id: number }
  | { screen: 'coupons' }
  | { screen: 'invoices' }
  | { screen: 'media' }
  | { screen: 'categories' }
  | { screen: 'pages' }
  | { screen: 'settings' }
  | { screen: 'menus' }
  | { screen: 'unknown' };

export const ADMIN_PATHS = {
  dashboard: '/wp-admin/',
  orders: '/wp-admin/bestellungen/',
  products: '/wp-admin/produkte/',
  newProduct: '/wp-admin/produkte/neu/',
  import: '/wp-admin/import/',
  reviews: '/wp-admin/bewertungen/',
  customers: '/wp-admin/kunden/',
  coupons: '/wp-admin/gutscheine/',
  invoices: '/wp-admin/rechnungen/',
  media: '/wp-admin/medien/',
  categories: '/wp-admin/kategorien/',
  pages: '/wp-admin/seiten/',
  settings: '/wp-admin/einstellungen/',
  menus: '/wp-admin/menues/',
} as const;

export const orderPath = (id: number): string => `${ADMIN_PATHS.orders}${id}/`;
export const productPath = (id: number): string => `${ADMIN_PATHS.products}${id}/`;
export const customerPath = (id: number): string => `${ADMIN_PATHS.customers}${id}/`;

export function adminScreen(path: string): AdminScreen {
  const p = path.endsWith('/') ? path : `${path}/`;
  if (p === ADMIN_PATHS.dashboard) return { screen: 'dashboard' };
  if (p === ADMIN_PATHS.orders) return { screen: 'orders' };
  if (p === ADMIN_PATHS.products) return { screen: 'products' };
  if (p === ADMIN_PATHS.newProduct) return { screen: 'product', id: null };
  if (p === ADMIN_PATHS.import) return { screen: 'import' };
  for (const screen of ['reviews', 'customers', 'coupons', 'invoices', 'media', 'categories', 'pages', 'settings', 'menus'] as const) {
    if (p === ADMIN_PATHS[screen]) return { screen };
  }
  const order = /^\/wp-admin\/bestellungen\/(\d+)\/$/.exec(p);
  if (order) return { screen: 'order', id: Number(order[1]) };
  const product = /^\/wp-admin\/produkte\/(\d+)\/$/.exec(p);
  if (product) return { screen: 'product', id: Number(product[1]) };
  const customer = /^\/wp-admin\/kunden\/(\d+)\/$/.exec(p);
  if (customer) return { screen: 'customer', id: Number(customer[1]) };
  return { screen: 'unknown' };
}
