import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { formatMoney } from '../src/lib/format/money';
import { adminNonce, fillCheckout, hydrated, setSettings, signIn, storeProducts, watchErrors } from './helpers';

/**
 * A checkout of product `id`, without a Lieferzeit of its own for Germany: the shop's default in the
 * cart and the checkout, then `austria` on its line once Austria is the billing country.
 */
async function checkoutInAustria(shopper: Page, id: number, austria: string): Promise<void> {
  await Promise.all([hydrated(shopper), shopper.goto(`/warenkorb/?add-to-cart=${id}`)]);
  await expect(shopper.locator('.cart-table').getByTestId('delivery-time')).toHaveText('Lieferzeit: 2–4 Werktage');
  await Promise.all([hydrated(shopper), shopper.goto('/kasse/')]);
  await fillCheckout(shopper);
  const line = shopper.locator('.checkout__items').getByTestId('delivery-time');
  await expect(line).toHaveText('Lieferzeit: 2–4 Werktage');
  const billing = shopper.getByRole('group', { name: 'Rechnungsdetails' });
  await billing.getByLabel(/^Land/).selectOption('AT');
  await billing.getByLabel(/^Postleitzahl/).fill('1010');
  await expect(line).toHaveText(`Lieferzeit: ${austria}`);
}

const shown = (u: { price: number; max_price: number; base: string }) =>
  `(${u.max_price > u.price ? `${formatMoney(u.price)} – ${formatMoney(u.max_price)}` : formatMoney(u.price)} / ${u.base})`;

test('Grundpreis (PAngV) next to every price: product page, variations, listing, quick view, mini cart, cart and checkout', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const list = await storeProducts(request, 'per_page=100&category=espresso');
  const coffee = list.find((p) => p.type === 'simple' && p.is_in_stock && p.extensions.laden.unit_price)!;
  const unit = coffee.extensions.laden.unit_price!;
  // The demo's coffee comes in 250 g bags: four bags make the kilogram.
  expect(unit).toMatchObject({ base: '1 kg', content: '250 g' });
  expect(unit.price).toBe(Math.round((Number(coffee.prices.price) * 1000) / 250));

  // Product page (server-rendered already, before any script).
  const raw = await (await request.get(new URL(coffee.permalink).pathname)).text();
  expect(raw).toContain(shown(unit).slice(1, -1));
  await Promise.all([hydrated(page), page.goto(new URL(coffee.permalink).pathname)]);
  await expect(page.locator('.product__summary').locator('.price__unit')).toHaveText(shown(unit));

  // A variable coffee: the range first, then the chosen size's own.
  const variable = list.find((p) => p.type === 'variable' && p.is_in_stock && p.extensions.laden.unit_price)!;
  const qv = (await (await request.get(`/wp-json/laden/v1/products/${variable.id}/quick-view`)).json()) as {
    variations: Array<{
      is_in_stock: boolean;
      attributes: Record<string, string>;
      unit_price: { price: number; max_price: number; base: string; content: string };
    }>;
  };
  const choice = qv.variations.find((v) => v.is_in_stock)!;
  await Promise.all([hydrated(page), page.goto(new URL(variable.permalink).pathname)]);
  const summary = page.locator('.product__summary');
  await expect(summary.locator('.price__unit')).toHaveText(shown(variable.extensions.laden.unit_price!));
  for (const [name, value] of Object.entries(choice.attributes))
    if (value) await summary.getByLabel(name, { exact: true }).selectOption(value);
  await expect(summary.locator('.price__unit')).toHaveText(shown(choice.unit_price));
  expect(choice.unit_price.content).toBe(choice.attributes['Größe'] ?? choice.attributes[Object.keys(choice.attributes)[0]!]);

  // Listing and quick view.
  await Promise.all([hydrated(page), page.goto('/produkt-kategorie/kaffee/?per_page=100')]);
  const card = page.locator(`.product-card[data-product-id="${coffee.id}"]`);
  await expect(card.locator('.price__unit')).toHaveText(shown(unit));
  await card.getByRole('button', { name: `Schnellansicht: ${coffee.name}` }).click();
  const dialog = page.getByRole('dialog', { name: coffee.name });
  await expect(dialog.locator('.price__unit')).toHaveText(shown(unit));
  await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.keyboard.press('Escape');

  // Mini cart, cart and checkout lines.
  await page.getByRole('link', { name: /^Warenkorb: 1 Artikel/ }).click();
  const mini = page.getByRole('dialog', { name: 'Warenkorb' });
  await expect(mini.locator('.price__unit')).toHaveText(shown(unit));
  await page.keyboard.press('Escape');
  await Promise.all([hydrated(page), page.goto('/warenkorb/')]);
  await expect(page.locator('.cart-table').locator('.price__unit')).toHaveText(shown(unit));
  await Promise.all([hydrated(page), page.goto('/kasse/')]);
  await expect(page.locator('.checkout__items').locator('.price__unit')).toHaveText(shown(unit));
  expect(errors).toEqual([]);
});

test('a shop manager gives a product its Grundpreis in the product editor; wrong amounts are named at the field', async ({
  page,
  request,
}, info) => {
  const errors = watchErrors(page);
  const list = await storeProducts(request, 'per_page=100&category=kueche');
  const item = list.find((p) => p.type === 'simple')!;
  const content = { 'desktop-1280': 300, 'tablet-700': 500, 'mobile-375': 750 }[info.project.name] ?? 250;
  const path = `/wp-admin/produkte/${item.id}/`;
  await page.goto(path);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('admin');
  await page.getByLabel('Passwort').fill('e2e-Röstmeister-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  const panel = page.getByRole('group', { name: 'Grundpreis' });
  await panel.getByLabel('Einheit').selectOption('ml');
  await panel.getByLabel('Inhalt').fill('0');
  await page.getByRole('button', { name: 'Produkt speichern' }).click();
  await expect(panel.getByText('Bitte eine positive Menge mit höchstens drei Nachkommastellen angeben.')).toBeVisible();
  await expect(panel.getByLabel('Inhalt')).toHaveValue('0');
  await panel.getByLabel('Inhalt').fill(String(content));
  await panel.getByLabel('Bezugsmenge').fill('100');
  await page.getByRole('button', { name: 'Produkt speichern' }).click();
  await expect(page.getByText('Produkt gespeichert.')).toBeVisible();

  const expected = { price: Math.round((Number(item.prices.price) * 100) / content), base: '100 ml' };
  await Promise.all([hydrated(page), page.goto(new URL(item.permalink).pathname)]);
  await expect(page.locator('.product__summary').locator('.price__unit')).toHaveText(shown({ ...expected, max_price: expected.price }));
  expect(errors).toEqual([]);
});

test('Lieferzeit on the product page (its own or the shop default), quick view, cart and checkout', async ({ page, request }) => {
  const errors = watchErrors(page);
  const all = await storeProducts(request);
  const gift = all.find((p) => p.type === 'simple' && p.is_in_stock && p.extensions.laden.delivery_time !== '')!;
  const plain = all.find((p) => p.type === 'simple' && p.is_in_stock && p.extensions.laden.delivery_time === '')!;
  expect(gift.extensions.laden.delivery_time).toBe('4–6 Werktage');

  // A product without its own shows the shop's default, already in the server's HTML.
  const raw = await (await request.get(new URL(plain.permalink).pathname)).text();
  expect(raw).toContain('>Lieferzeit: 2–4 Werktage</p>');
  await Promise.all([hydrated(page), page.goto(new URL(plain.permalink).pathname)]);
  await expect(page.locator('.product__summary').getByTestId('delivery-time')).toHaveText('Lieferzeit: 2–4 Werktage');
  await Promise.all([hydrated(page), page.goto(new URL(gift.permalink).pathname)]);
  await expect(page.locator('.product__summary').getByTestId('delivery-time')).toHaveText('Lieferzeit: 4–6 Werktage');
  await page.locator('.product__summary').getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // A variation's own delivery time replaces the product's when it is chosen.
  const variable = all.find((p) => p.type === 'variable' && p.is_in_stock)!;
  const qv = (await (await request.get(`/wp-json/laden/v1/products/${variable.id}/quick-view`)).json()) as {
    variations: Array<{ variation_id: number; is_in_stock: boolean; attributes: Record<string, string> }>;
  };
  const chosen = qv.variations.find((v) => v.is_in_stock)!;
  expect((await request.post('/wp-login.php', { form: { log: 'admin', pwd: 'e2e-Röstmeister-2026' }, maxRedirects: 0 })).status()).toBe(
    302,
  );
  const nonce = (await (await request.get('/wp-admin/admin-ajax.php?action=rest-nonce')).text()).trim();
  const put = await request.put(`/wp-json/wc/v3/products/${variable.id}/variations/${chosen.variation_id}`, {
    headers: { 'X-WP-Nonce': nonce },
    data: { meta_data: [{ key: 'laden_delivery_time', value: '10–12 Werktage' }] },
  });
  expect(put.status()).toBe(200);
  await Promise.all([hydrated(page), page.goto(new URL(variable.permalink).pathname)]);
  const summary = page.locator('.product__summary');
  await expect(summary.getByTestId('delivery-time')).toHaveText(`Lieferzeit: ${variable.extensions.laden.delivery_time || '2–4 Werktage'}`);
  for (const [name, value] of Object.entries(chosen.attributes))
    if (value) await summary.getByLabel(name, { exact: true }).selectOption(value);
  await expect(summary.getByTestId('delivery-time')).toHaveText('Lieferzeit: 10–12 Werktage');

  // Quick view in the listing.
  await Promise.all([hydrated(page), page.goto(`/produkt-kategorie/${plain.categories[0]!.slug}/?per_page=100`)]);
  await page.getByRole('button', { name: `Schnellansicht: ${plain.name}` }).click();
  await expect(page.getByRole('dialog', { name: plain.name }).getByTestId('delivery-time')).toHaveText('Lieferzeit: 2–4 Werktage');
  await page.keyboard.press('Escape');

  // Cart and checkout lines.
  await Promise.all([hydrated(page), page.goto('/warenkorb/')]);
  await expect(page.locator('.cart-table').getByTestId('delivery-time')).toHaveText('Lieferzeit: 4–6 Werktage');
  await Promise.all([hydrated(page), page.goto('/kasse/')]);
  await expect(page.locator('.checkout__items').getByTestId('delivery-time')).toHaveText('Lieferzeit: 4–6 Werktage');
  expect(errors).toEqual([]);
});

test('Lieferzeit per country: a shipping zone names its own, which the checkout shows once its country is chosen', async ({
  page,
  browser,
  request,
}) => {
  const errors = watchErrors(page);
  const nonce = await adminNonce(request);
  const settings = (await (await request.get('/wp-json/wp/v2/settings', { headers: { 'X-WP-Nonce': nonce } })).json()) as Record<
    string,
    unknown
  >;
  try {
    // The administrator gives Austria a zone with its own delivery time.
    await signIn(page, '/wp-admin/einstellungen/');
    await page.getByRole('button', { name: 'Versandzone hinzufügen' }).click();
    const zone = page.getByTestId('shipping-zone').last();
    await zone.getByLabel('Name der Zone').fill('Österreich');
    await zone.getByLabel('Versandpauschale (€)').fill('9,90');
    await zone.getByRole('checkbox', { name: 'Österreich' }).check();
    await zone.getByLabel('Lieferzeit', { exact: true }).fill('x'.repeat(101));
    await expect(zone.getByLabel('Lieferzeit', { exact: true })).toHaveValue('x'.repeat(100));
    await zone.getByLabel('Lieferzeit', { exact: true }).fill('5–8 Werktage');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('group', { name: 'Österreich', exact: true }).getByLabel('Lieferzeit', { exact: true })).toHaveValue(
      '5–8 Werktage',
    );

    // A shopper's checkout: the shop's default for Germany, the zone's once Austria is chosen.
    const plain = (await storeProducts(request)).find(
      (p) => p.type === 'simple' && p.is_in_stock && p.extensions.laden.delivery_time === '',
    )!;
    const shopper = await browser.newPage();
    await checkoutInAustria(shopper, plain.id, '5–8 Werktage');
    await shopper.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(shopper).toHaveURL(/\/bestellung-erhalten\/\d+\//);
    await shopper.close();
  } finally {
    await setSettings(request, { laden_shipping_zones: settings['laden_shipping_zones'] });
  }
  expect(errors).toEqual([]);
});

test('Lieferzeit per country: a product names its own for Austria in the editor, which the checkout shows once Austria is chosen', async ({
  page,
  browser,
  request,
}) => {
  const errors = watchErrors(page);
  const plain = (await storeProducts(request))
    .filter((p) => p.type === 'simple' && p.is_in_stock && p.extensions.laden.delivery_time === '')
    .at(-1)!;
  const nonce = await adminNonce(request);
  try {
    await signIn(page, `/wp-admin/produkte/${plain.id}/`);
    const field = page.getByLabel('Lieferzeit je Land');
    // A code that names no country: refused at the field, which says why.
    await field.fill('USA: 3 Wochen');
    await page.getByRole('button', { name: 'Produkt speichern' }).click();
    await expect(page.getByText(/^Lieferzeiten je Land: ein Eintrag je Land mit seinem ISO-Code/)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('at: 9–12 Werktage');
    await page.getByRole('button', { name: 'Produkt speichern' }).click();
    await expect(page.getByText('Produkt gespeichert.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Lieferzeit je Land')).toHaveValue('AT: 9–12 Werktage');

    // A shopper's checkout: the shop's default for Germany, the product's once Austria is chosen.
    const shopper = await browser.newPage();
    await checkoutInAustria(shopper, plain.id, '9–12 Werktage');
    await shopper.close();
  } finally {
    const res = await request.put(`/wp-json/wc/v3/products/${plain.id}`, {
      headers: { 'X-WP-Nonce': nonce },
      data: { meta_data: [{ key: 'laden_delivery_time_countries', value: null }] },
    });
    expect(res.status()).toBe(200);
  }
  expect(errors).toEqual([]);
});

test('Lieferzeit per country: a variation names its own for Austria in the editor, which the checkout shows for it', async ({
  page,
  browser,
  request,
}) => {
  const errors = watchErrors(page);
  const variable = (await storeProducts(request)).find((p) => p.type === 'variable' && p.is_in_stock)!;
  const qv = (await (await request.get(`/wp-json/laden/v1/products/${variable.id}/quick-view`)).json()) as {
    variations: Array<{ variation_id: number; is_in_stock: boolean; attributes: Record<string, string> }>;
  };
  const chosen = qv.variations.filter((v) => v.is_in_stock).at(-1)!;
  const nonce = await adminNonce(request);
  try {
    await signIn(page, `/wp-admin/produkte/${variable.id}/`);
    const own = page.getByTestId('variation').filter({ hasText: Object.values(chosen.attributes).join(' · ') });
    const field = own.getByLabel('Lieferzeit je Land');
    // A code that names no country: the variation is not saved, and the editor says why.
    await field.fill('USA: 3 Wochen');
    await page.getByRole('button', { name: 'Produkt speichern' }).click();
    await expect(page.getByText(/^Einige Varianten wurden nicht gespeichert: .*Lieferzeiten je Land/)).toBeVisible();
    await expect(own.getByLabel('Lieferzeit je Land')).toHaveValue('');
    await own.getByLabel('Lieferzeit je Land').fill('at: 3 Wochen');
    await page.getByRole('button', { name: 'Produkt speichern' }).click();
    await expect(page.getByText('Produkt gespeichert.')).toBeVisible();
    await page.reload();
    await expect(own.getByLabel('Lieferzeit je Land')).toHaveValue('AT: 3 Wochen');

    // A shopper chooses that variation; the checkout shows its time once Austria is chosen.
    const shopper = await browser.newPage();
    await Promise.all([hydrated(shopper), shopper.goto(new URL(variable.permalink).pathname)]);
    const summary = shopper.locator('.product__summary');
    for (const [name, value] of Object.entries(chosen.attributes))
      if (value) await summary.getByLabel(name, { exact: true }).selectOption(value);
    await summary.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(shopper.getByTestId('cart-count')).toHaveText('1');
    await Promise.all([hydrated(shopper), shopper.goto('/kasse/')]);
    await fillCheckout(shopper);
    const billing = shopper.getByRole('group', { name: 'Rechnungsdetails' });
    await billing.getByLabel(/^Land/).selectOption('AT');
    await billing.getByLabel(/^Postleitzahl/).fill('1010');
    await expect(shopper.locator('.checkout__items').getByTestId('delivery-time')).toHaveText('Lieferzeit: 3 Wochen');
    await shopper.close();
  } finally {
    const res = await request.put(`/wp-json/wc/v3/products/${variable.id}/variations/${chosen.variation_id}`, {
      headers: { 'X-WP-Nonce': nonce },
      data: { meta_data: [{ key: 'laden_delivery_time_countries', value: null }] },
    });
    expect(res.status()).toBe(200);
  }
  expect(errors).toEqual([]);
});
