import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { audit, fillCheckout, hydrated, productWithGallery, type StoreProduct } from './helpers';

async function visit(page: Page, path: string): Promise<void> {
  await Promise.all([hydrated(page), page.goto(path)]);
}

async function products(page: Page): Promise<StoreProduct[]> {
  return (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as StoreProduct[];
}

test('every storefront page type passes the WCAG 2.2 AA audit', async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  const list = await products(page);
  const variable = list.find((p) => p.type === 'variable' && p.is_in_stock)!;
  const categories = (await (await page.request.get('/wp-json/wc/store/v1/products/categories')).json()) as Array<{
    slug: string;
    count: number;
  }>;
  const category = categories.find((c) => c.count > 3)!;

  for (const [what, path] of [
    ['home', '/'],
    ['shop', '/shop/'],
    ['category with filters', `/produkt-kategorie/${category.slug}/?sale=1`],
    ['search without results', '/shop/?s=Xylofonzauber'],
    ['product with variations', new URL(variable.permalink).pathname],
    ['imprint', '/impressum/'],
    ['privacy', '/datenschutz/'],
    ['terms', '/agb/'],
    ['cancellation policy', '/widerrufsbelehrung/'],
    ['shipping and payment', '/versand-und-zahlung/'],
    ['withdrawal form', '/vertrag-widerrufen/'],
    ['login', '/wp-login.php'],
    ['not found', '/gibt-es-nicht/'],
  ] as const) {
    if (what === 'login' || what === 'not found') await page.goto(path);
    else await visit(page, path);
    found.push(...(await audit(page, what)));
  }

  // Dialogs open: quick view, lightbox, mini cart; the header search's suggestions.
  await visit(page, '/shop/?orderby=title&per_page=100');
  await page.getByRole('button', { name: `Schnellansicht: ${variable.name}` }).click();
  await expect(page.getByRole('dialog', { name: variable.name })).toBeVisible();
  found.push(...(await audit(page, 'quick view open')));
  await page.keyboard.press('Escape');

  const gallery = await productWithGallery(page.request, (g) => g[0]?.type === 'image');
  await visit(page, gallery.path);
  await page.getByRole('button', { name: 'Bild im Vollbild öffnen' }).click();
  // Once its opening animation has ended (a fading dialog blends every colour with the page).
  await expect(page.locator('.pswp[data-ready]')).toBeVisible();
  found.push(...(await audit(page, 'lightbox open')));
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: /^Warenkorb: \d+ Artikel/ }).click();
  await expect(page.getByRole('dialog', { name: 'Warenkorb' })).toBeVisible();
  found.push(...(await audit(page, 'mini cart open')));
  await page.keyboard.press('Escape');

  // Where the menu is collapsed: open, with the search in it.
  const toggle = page.getByRole('button', { name: 'Menü', exact: true });
  if (await toggle.isVisible()) {
    await toggle.click();
    found.push(...(await audit(page, 'mobile menu open')));
  }
  await page.getByRole('combobox', { name: 'Im Shop suchen' }).fill('Tasse');
  await expect(page.getByRole('listbox', { name: 'Vorschläge' })).toBeVisible();
  found.push(...(await audit(page, 'search suggestions open')));

  expect(found, found.join('\n')).toEqual([]);
});

test('the purchase pages pass the WCAG 2.2 AA audit: cart, checkout with its errors, order received', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  const simple = (await products(page)).find((p) => p.type === 'simple' && p.is_in_stock)!;
  await visit(page, new URL(simple.permalink).pathname);
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await visit(page, '/warenkorb/');
  found.push(...(await audit(page, 'cart')));
  await visit(page, '/kasse/');
  found.push(...(await audit(page, 'checkout')));
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen|Kaufen/ }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  found.push(...(await audit(page, 'checkout with its errors')));
  await fillCheckout(page);
  const received = hydrated(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen|Kaufen/ }).click();
  await received;
  await expect(page).toHaveURL(/\/bestellung-erhalten\//);
  found.push(...(await audit(page, 'order received')));
  expect(found, found.join('\n')).toEqual([]);
});

test('the account, the accessibility statement, the administration and the page editor pass the WCAG 2.2 AA audit', async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  // Logged out: the account page with its login and registration forms; the statement itself.
  // (The account is a plain server page, without the shop's scripts.)
  await page.goto('/mein-konto/');
  found.push(...(await audit(page, 'login and registration')));
  await visit(page, '/barrierefreiheit/');
  await expect(page.getByRole('heading', { level: 1, name: 'Barrierefreiheitserklärung' })).toBeVisible();
  found.push(...(await audit(page, 'accessibility statement')));
  // The footer links it on every page.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Barrierefreiheit' })).toHaveAttribute('href', '/barrierefreiheit/');

  // The administrator: the account, the admin's main screens, the page editor.
  await page.goto('/wp-login.php?redirect_to=%2Fmein-konto%2F');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('admin');
  await page.getByLabel('Passwort').fill('e2e-Röstmeister-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/mein-konto\/$/);
  found.push(...(await audit(page, 'account')));
  for (const [what, path, heading] of [
    ['dashboard', '/wp-admin/', 'Übersicht'],
    ['orders', '/wp-admin/bestellungen/', 'Bestellungen'],
    ['invoices', '/wp-admin/rechnungen/', 'Rechnungen'],
    ['products', '/wp-admin/produkte/', 'Produkte'],
    ['product editor', '/wp-admin/produkte/neu/', 'Produkt hinzufügen'],
    ['customers', '/wp-admin/kunden/', 'Kunden'],
    ['settings', '/wp-admin/einstellungen/', 'Einstellungen'],
    ['pages', '/wp-admin/seiten/', 'Seiten'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
    found.push(...(await audit(page, what)));
  }
  await page.goto('/ueber-uns/?editor=1');
  await expect(page.getByRole('complementary', { name: 'Seiteneditor' }).getByRole('button', { name: 'Veröffentlichen' })).toBeVisible();
  found.push(...(await audit(page, 'page editor')));
  expect(found, found.join('\n')).toEqual([]);
});
