import { expect, test } from './fixtures';
import { fillCheckout, hydrated, watchErrors } from './helpers';

test('a grouped product lists its products with their own quantities and adds them together', async ({ page }) => {
  const errors = watchErrors(page);
  const loaded = hydrated(page);
  await page.goto('/produkt/fruehstuecksset-kaffee-tee-und-gebaeck/');
  await loaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Frühstücksset Kaffee, Tee und Gebäck' })).toBeVisible();
  await expect(page.locator('.price__from').first()).toHaveText(/ab/);
  const rows = page.locator('.grouped-products tr');
  await expect(rows).toHaveCount(3);
  // Each product's price with its Grundpreis beside it, as on its own page (PAngV).
  await expect(page.locator('.grouped-products').locator('.price__unit').first()).toContainText('€ /');
  // A reduced product with its struck price and the lowest price of the 30 days before (PAngV § 11).
  const reduced = rows.filter({ has: page.locator('del') }).first();
  await expect(reduced.locator('.price__lowest')).toHaveText(/^Niedrigster Preis der letzten 30 Tage: \d+,\d\d\u00a0€$/);
  // Nothing chosen: told so, nothing added.
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  // Shown beside the button and said at once (the page's assertive live region).
  await expect(page.locator('.grouped-form .notice--error')).toHaveText(/Bitte wählen Sie die Menge/);
  await expect(page.locator('#announce-assertive')).toHaveText(/Bitte wählen Sie die Menge/);
  const first = rows.nth(0).locator('input');
  const third = rows.nth(2).locator('input');
  await first.fill('2');
  await third.fill('1');
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.locator('.grouped-form .notice--ok')).toContainText('Die Produkte wurden in den Warenkorb gelegt.');
  await expect(page.locator('#announce-polite')).toHaveText(/^Die Produkte wurden in den Warenkorb gelegt\. Warenkorb: 3 Artikel, /);
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  expect(errors).toEqual([]);
});

test('an external product is a link to its maker, never a cart button', async ({ page }) => {
  const loaded = hydrated(page);
  await page.goto('/produkt/siebtraegermaschine-primo/');
  await loaded;
  const buy = page.getByRole('link', { name: 'Beim Hersteller kaufen' });
  await expect(buy).toBeVisible();
  await expect(buy).toHaveAttribute('href', 'https://hersteller.example/primo');
  await expect(page.getByRole('button', { name: 'In den Warenkorb' })).toHaveCount(0);
});

test('an e-book is bought without shipping and downloaded from the order page', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  let loaded = hydrated(page);
  await page.goto('/produkt/e-book-kaffee-zu-hause-roesten/');
  await loaded;
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  loaded = hydrated(page);
  await page.goto('/kasse/');
  await loaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
  // Nothing to ship: no shipping address is asked for.
  await expect(page.getByRole('checkbox', { name: /anderen Adresse/ })).toHaveCount(0);
  await fillCheckout(page);
  // Downloads in the cart: the waiver for digital content is offered.
  await page.getByRole('checkbox', { name: /digitale Inhalte/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
  await expect(page.getByText(/Download-Link finden Sie auf der Bestellbestätigung/)).toBeVisible();
  const downloads = page.getByRole('region', { name: 'Downloads' });
  const link = downloads.getByRole('link', { name: 'E-Book (PDF)' });
  await expect(link).toBeVisible();
  // The mobile band hides the head row: there the cell says its column (narrow.css).
  const remaining = info.project.name === 'mobile-375' ? 'Verbleibende Downloads: 5' : '5';
  await expect(downloads.getByRole('cell', { name: remaining, exact: true })).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/download\/[\w-]{20,}$/);
  const file = await request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(errors).toEqual([]);
});

test('a product page shows weight and dimensions, its tags lead to their listing, upsells follow', async ({ page }) => {
  const errors = watchErrors(page);
  let loaded = hydrated(page);
  await page.goto('/produkt/espresso-brasil-cerrado/');
  await loaded;
  await page.getByRole('tab', { name: 'Zusätzliche Informationen' }).click();
  const info = page.getByRole('tabpanel', { name: 'Zusätzliche Informationen' });
  await expect(info.getByRole('row', { name: /Gewicht/ })).toContainText('0,25 kg');
  await expect(info.getByRole('row', { name: /Abmessungen/ })).toContainText('8 × 6 × 20 cm');
  const tags = page.locator('.product__tags');
  await expect(tags).toContainText('Schlagwörter:');
  loaded = hydrated(page);
  await tags.getByRole('link', { name: 'Bio' }).click();
  await loaded;
  await expect(page).toHaveURL(/\/produkt-schlagwort\/bio\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Produkte mit dem Schlagwort „Bio“' })).toBeVisible();
  await expect(page.locator('.listing__main').getByRole('heading', { name: 'Espresso Brasil Cerrado' })).toBeVisible();

  loaded = hydrated(page);
  await page.goto('/produkt/espresso-etiopia-guji/');
  await loaded;
  const upsells = page.getByRole('region', { name: 'Das könnte Ihnen auch gefallen …' });
  await expect(upsells.getByRole('heading', { name: 'Frühstücksset Kaffee, Tee und Gebäck' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the cart suggests its products’ cross-sells', async ({ page }) => {
  const errors = watchErrors(page);
  let loaded = hydrated(page);
  await page.goto('/produkt/espresso-brasil-cerrado/');
  await loaded;
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  loaded = hydrated(page);
  await page.goto('/warenkorb/');
  await loaded;
  const suggestions = page.getByRole('region', { name: 'Das könnte Sie auch interessieren …' });
  await expect(suggestions.getByRole('heading', { name: 'Handfilter Glas' })).toBeVisible();
  expect(errors).toEqual([]);
});
