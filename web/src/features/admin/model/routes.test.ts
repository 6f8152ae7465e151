import { describe, expect, it } from 'vitest';
import { adminScreen, customerPath, orderPath, productPath } from './routes';

describe('adminScreen', () => {
  it.each([
    ['/wp-admin/', { screen: 'dashboard' }],
    ['/wp-admin', { screen: 'dashboard' }],
    ['/wp-admin/bestellungen/', { screen: 'orders' }],
    ['/wp-admin/bestellungen/42/', { screen: 'order', id: 42 }],
    ['/wp-admin/bestellungen/42', { screen: 'order', id: 42 }],
    ['/wp-admin/produkte/', { screen: 'products' }],
    ['/wp-admin/produkte/neu/', { screen: 'product', id: null }],
    ['/wp-admin/produkte/7/', { screen: 'product', id: 7 }],
    ['/wp-admin/import/', { screen: 'import' }],
    ['/wp-admin/bewertungen/', { screen: 'reviews' }],
    ['/wp-admin/kunden/', { screen: 'customers' }],
    ['/wp-admin/kunden/12/', { screen: 'customer', id: 12 }],
    ['/wp-admin/kunden/x/', { screen: 'unknown' }],
    ['/wp-admin/gutscheine/', { screen: 'coupons' }],
    ['/wp-admin/rechnungen/', { screen: 'invoices' }],
    ['/wp-admin/gutscheine', { screen: 'coupons' }],
    ['/wp-admin/medien/', { screen: 'media' }],
    ['/wp-admin/kategorien/', { screen: 'categories' }],
    ['/wp-admin/seiten/', { screen: 'pages' }],
    ['/wp-admin/einstellungen', { screen: 'settings' }],
    ['/wp-admin/menues/', { screen: 'menus' }],
    ['/wp-admin/produkte/abc/', { screen: 'unknown' }],
    ['/wp-admin/bestellungen/1/2/', { screen: 'unknown' }],
    ['/wp-admin/edit.php', { screen: 'unknown' }],
  ])('%s', (path, want) => {
    expect(adminScreen(path)).toEqual(want);
  });

  it('builds the paths it parses', () => {
    expect(adminScreen(orderPath(5))).toEqual({ screen: 'order', id: 5 });
    expect(adminScreen(customerPath(9))).toEqual({ screen: 'customer', id: 9 });
    expect(adminScreen(productPath(9))).toEqual({ screen: 'product', id: 9 });
  });
});
