import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillCheckout, hydrated, type StoreProduct } from './helpers';

// What a screen reader is told (issue 28 §4): cart changes, refusals and a variation's
// availability through live regions that are on the page before they speak; form errors tied to
// their fields, the first one focused on submit. The regions' text is what is spoken.

const polite = (page: Page): Locator => page.locator('#announce-polite');
const assertive = (page: Page): Locator => page.locator('#announce-assertive');

async function visit(page: Page, path: string): Promise<void> {
  await Promise.all([hydrated(page), page.goto(path)]);
}

async function bySku(page: Page, sku: string): Promise<StoreProduct> {
  const [product] = (await (await page.request.get(`/wp-json/wc/store/v1/products?sku=${sku}`)).json()) as StoreProduct[];
  return product!;
}

test('the live regions are in the server HTML, empty, before anything is said', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('<p id="announce-polite" aria-live="polite" aria-atomic="true"></p>');
  expect(html).toContain('<p id="announce-assertive" aria-live="assertive" aria-atomic="true"></p>');
});

test('a variation’s price and availability, quantity refusals and cart changes are announced in German', async ({ page }) => {
  // A variable product: each complete choice is said with its price and stock.
  const variable = await bySku(page, 'LAD-1003');
  await visit(page, new URL(variable.permalink).pathname);
  const form = page.locator('form.cart-form');
  const selects = form.getByRole('combobox');
  const count = await selects.count();
  for (let i = 0; i < count; i++) {
    const options = selects.nth(i).locator('option:not([value=""]):not([disabled])');
    await selects.nth(i).selectOption((await options.first().getAttribute('value'))!);
  }
  await expect(polite(page)).toHaveText(/^Gewählt: .+ – \d+,\d\d\u00a0€\. (Vorrätig|Nur noch \d+ auf Lager|Ausverkauft)\.$/);
  // Choosing an option again starts over: an incomplete choice says nothing new.
  await selects.first().selectOption('');
  await expect(polite(page)).toHaveText(/^Gewählt: /);

  // A simple product with its stock: the quantity field's bounds are said when they refuse.
  const simple = await bySku(page, 'LAD-1002');
  const stock = simple.add_to_cart.maximum;
  await visit(page, new URL(simple.permalink).pathname);
  const quantity = page.getByRole('spinbutton', { name: 'Menge' });
  await quantity.focus();
  await page.keyboard.press('ArrowDown');
  await expect(assertive(page)).toHaveText('Die Mindestmenge ist 1.');
  await quantity.fill('9999');
  await quantity.blur();
  await expect(quantity).toHaveValue(String(stock));
  await expect(assertive(page)).toHaveText(`Höchstens ${stock} bestellbar.`);

  // Added: what came, and the cart's count and total.
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(polite(page)).toHaveText(
    new RegExp(`^„${simple.name}“ wurde Ihrem Warenkorb hinzugefügt\\. Warenkorb: ${stock} Artikel, [\\d.]+,\\d\\d\\u00a0€\\.$`),
  );
  // One more than the stock: the shop refuses, and the refusal is said at once.
  await quantity.fill('1');
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(assertive(page)).toHaveText(/Nicht genug auf Lager/);
  await expect(page.locator('form.cart-form .notice--error')).toHaveText(/Nicht genug auf Lager/);

  // The cart page: a changed quantity and a removed line are said; focus goes to the heading.
  await visit(page, '/warenkorb/');
  const line = page.getByRole('spinbutton', { name: `Menge von ${simple.name}` });
  await line.fill('2');
  await line.blur();
  await expect(polite(page)).toHaveText(new RegExp(`^Menge von „${simple.name}“ auf 2 geändert\\. Warenkorb: 2 Artikel, `));
  await page.getByRole('button', { name: `${simple.name} aus dem Warenkorb entfernen` }).click();
  await expect(polite(page)).toHaveText(`„${simple.name}“ wurde entfernt. Ihr Warenkorb ist gegenwärtig leer.`);
  await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeFocused();
});

test('inside the quick view (a modal dialog, the page behind inert) the dialog’s own region speaks', async ({ page }) => {
  const simple = await bySku(page, 'LAD-1004');
  await visit(page, `/shop/?s=${encodeURIComponent(simple.name)}`);
  await page.getByRole('button', { name: `Schnellansicht: ${simple.name}` }).click();
  const dialog = page.getByRole('dialog', { name: simple.name });
  await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(dialog.locator('[data-announce="polite"]')).toHaveText(
    new RegExp(`^„${simple.name}“ wurde Ihrem Warenkorb hinzugefügt\\. Warenkorb: 1 Artikel`),
  );
  await expect(dialog.locator('[data-announce="polite"]')).toHaveAttribute('aria-live', 'polite');
});

test('form errors are tied to their fields and the first one takes the focus', async ({ page }) => {
  const simple = await bySku(page, 'LAD-1004');
  await visit(page, new URL(simple.permalink).pathname);
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // Checkout sent empty: every required field is marked and described; the first has the focus.
  await visit(page, '/kasse/');
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen|Kaufen/ }).click();
  const first = page.getByRole('group', { name: 'Rechnungsdetails' }).getByLabel(/^Vorname/);
  await expect(first).toBeFocused();
  for (const field of [first, page.getByLabel('AGB', { exact: false }).first()]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const described = await field.getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    await expect(page.locator(`[id="${described}"]`)).not.toBeEmpty();
  }
  await expect(first).toHaveAccessibleDescription(/.+/);

  // Only the e-mail address wrong: it is the one focused.
  await fillCheckout(page);
  const email = page.getByRole('group', { name: 'Rechnungsdetails' }).getByLabel(/^E-Mail-Adresse/);
  await email.fill('anna-at-example');
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen|Kaufen/ }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/E-Mail/);

  // The withdrawal form: the first missing field is focused; a found order's step takes the focus to its heading.
  await visit(page, '/vertrag-widerrufen/');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByLabel('Bestellnummer')).toBeFocused();
  await expect(page.getByLabel('Bestellnummer')).toHaveAttribute('aria-invalid', 'true');

  // The login form (server-rendered): refused credentials mark both fields, the password focused.
  await page.goto('/wp-login.php');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('niemand@example.de');
  await page.getByLabel('Passwort').fill('falsch-falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByLabel('Passwort')).toBeFocused();
  await expect(page.getByLabel('Passwort')).toHaveAccessibleDescription('Benutzername oder Passwort ist falsch.');
});

test('the struck-through old price is read as the original price (a product without sale labels)', async ({ page }) => {
  const onSale = (
    (await (await page.request.get('/wp-json/wc/store/v1/products?on_sale=true&per_page=100')).json()) as StoreProduct[]
  ).find((p) => p.type === 'simple' && p.extensions.laden.sale_labels === null)!;
  await visit(page, new URL(onSale.permalink).pathname);
  const old = page.locator('.product__summary del').first();
  await expect(old).toBeVisible();
  // What a screen reader reads of the price: both amounts, each named; only the amounts are seen.
  await expect(old).toHaveText(/^Ursprünglicher Preis: \d+,\d\d\u00a0€$/);
  await expect(page.locator('.product__summary ins').first()).toHaveText(/^Aktueller Preis: \d+,\d\d\u00a0€$/);
  await expect(old.locator('.visually-hidden')).toHaveCSS('position', 'absolute');
});
