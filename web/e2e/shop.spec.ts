import { expect, test } from './fixtures';
import { fillCheckout, hydrated, openMenuLink, type StoreProduct, watchErrors } from './helpers';

const nbsp = '\u00a0';

test('product page HTML holds name, price and JSON-LD before any script runs', async ({ request }) => {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=50')).json()) as StoreProduct[];
  const simple = list.find((p) => p.type === 'simple' && p.is_in_stock);
  expect(simple).toBeDefined();
  const path = new URL(simple!.permalink).pathname;
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const body = html.slice(html.indexOf('<div id="app">'), html.indexOf('<script id="__LADEN_DATA__"'));
  expect(body).toContain(`>${simple!.name.replace(/&/g, '&amp;')}</h1>`);
  const cents = Number(simple!.prices.price);
  const price = `${Math.floor(cents / 100).toLocaleString('de-DE')},${String(cents % 100).padStart(2, '0')}${nbsp}€`;
  expect(body).toContain(price);
  expect(body).toContain('inkl. MwSt.');
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const product = ld.find((x) => x['@type'] === 'Product');
  expect(product?.name).toBe(simple!.name);
  expect(product?.offers?.priceCurrency).toBe('EUR');
  expect(ld.some((x) => x['@type'] === 'BreadcrumbList')).toBe(true);
  expect(html).toMatch(/^<!doctype html><html lang="de">/);
  expect(html).toContain('<link rel="canonical"');
  expect(html).toContain('property="og:title"');
});

test('hydration of the product page logs no errors', async ({ page, request }) => {
  const errors = watchErrors(page);
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=30')).json()) as StoreProduct[];
  const variable = list.find((p) => p.type === 'variable' && p.is_in_stock)!;
  await Promise.all([hydrated(page), page.goto(new URL(variable.permalink).pathname)]);
  await expect(page.getByRole('heading', { level: 1, name: variable.name })).toBeVisible();
  await page.getByRole('tab', { name: /Bewertungen/ }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  expect(errors).toEqual([]);
});

test('browse, choose a variation, add to cart and place an order', async ({ page, request }) => {
  const errors = watchErrors(page);
  await Promise.all([hydrated(page), page.goto('/')]);
  await expect(page).toHaveTitle(/Rösterei Laden/);
  await openMenuLink(page, 'Tee');
  await expect(page).toHaveURL(/\/produkt-kategorie\/tee\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tee' })).toBeVisible();

  // A variable tea on the first listing page that has a variation in stock.
  const tea = (await (await request.get('/wp-json/wc/store/v1/products?category=tee&per_page=12')).json()) as StoreProduct[];
  const target = tea.find((p) => p.type === 'variable' && p.is_in_stock)!;
  await Promise.all([hydrated(page), page.getByRole('heading', { level: 3, name: target.name, exact: true }).click()]);
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();

  const data = JSON.parse((await page.locator('#__LADEN_DATA__').textContent())!) as {
    variations: Array<{ is_in_stock: boolean; display_price: number; attributes: Record<string, string> }>;
  };
  const choice = data.variations.find((v) => v.is_in_stock)!;
  for (const [name, value] of Object.entries(choice.attributes)) {
    if (value) await page.getByLabel(name, { exact: true }).selectOption(value);
  }
  await expect(page.getByText(/Vorrätig|Nur noch/)).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Menge' }).fill('2');
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.locator('.cart-form .notice--ok')).toContainText('wurde Ihrem Warenkorb hinzugefügt');
  await expect(page.locator('#announce-polite')).toContainText('wurde Ihrem Warenkorb hinzugefügt');
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // The header cart link opens the mini cart, which leads on to the cart page.
  await page.getByRole('link', { name: /^Warenkorb: 2 Artikel/ }).click();
  const mini = page.getByRole('dialog', { name: 'Warenkorb' });
  await expect(mini.getByRole('link', { name: target.name })).toBeVisible();
  await expect(mini.getByTestId('mini-cart-qty')).toHaveText('2');
  await Promise.all([hydrated(page), mini.getByRole('link', { name: 'Warenkorb anzeigen' }).click()]);
  await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
  await expect(page.getByRole('link', { name: target.name })).toBeVisible();
  // Quantities are editable; a refused change shows the cart's quantity again.
  const qtyField = page.getByRole('spinbutton', { name: `Menge von ${target.name}` });
  await expect(qtyField).toHaveValue('2');
  const totalBefore = await page.getByTestId('order-total').textContent();
  await qtyField.fill('3');
  await qtyField.blur();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(page.getByTestId('order-total')).not.toHaveText(totalBefore!);
  // More than the stock allows is clamped to the field's maximum (the server checks again).
  const max = Number(await qtyField.getAttribute('aria-valuemax'));
  await qtyField.fill('9999');
  await qtyField.blur();
  await expect(qtyField).toHaveValue(String(max));
  await expect(page.getByTestId('cart-count')).toHaveText(String(max));
  await qtyField.fill('3');
  await qtyField.blur();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await Promise.all([hydrated(page), page.getByRole('link', { name: 'Weiter zur Kasse' }).click()]);

  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toBeVisible();
  // Submitting empty names the missing fields in German.
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page.getByText('Bitte geben Sie Ihren Vornamen ein.')).toBeVisible();
  await expect(page.getByText(/AGB und die Widerrufsbelehrung, um Ihre Bestellung/)).toBeVisible();

  await fillCheckout(page);
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

  await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellung erhalten' })).toBeVisible();
  await expect(page.getByText('Vielen Dank. Ihre Bestellung ist eingegangen.')).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^\d+$/);
  await expect(page.getByText('Rechnung', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('unknown pages answer a German 404 and slash-less URLs redirect', async ({ page, request }) => {
  const res = await page.goto('/gibt-es-nicht/');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  const redirect = await request.get('/shop', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers()['location']).toBe('/shop/');
});

test('the demo videos are served, with ranges for seeking', async ({ request }) => {
  for (const [file, type] of [
    ['kaffee.webm', 'video/webm'],
    ['tee.mp4', 'video/mp4'],
  ]) {
    const res = await request.get(`/uploads/demo/video/${file}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe(type);
    const part = await request.get(`/uploads/demo/video/${file}`, { headers: { Range: 'bytes=0-99' } });
    expect(part.status()).toBe(206);
    expect((await part.body()).length).toBe(100);
  }
});

test('no page is wider than the viewport', async ({ page, request }) => {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=5')).json()) as StoreProduct[];
  for (const path of [
    '/',
    '/shop/',
    '/produkt-kategorie/kaffee/',
    new URL(list[0]!.permalink).pathname,
    '/warenkorb/',
    '/kasse/',
    '/mein-konto/',
  ]) {
    await page.goto(path);
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scroll, path).toBeLessThanOrEqual(width);
  }
});
