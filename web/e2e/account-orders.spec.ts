import { expect, test } from './fixtures';
import { audit, checkoutWith, customerAccount, guestOrder, storeProducts, watchErrors, type StoreProduct } from './helpers';
import { overflow, overflowAt320 } from './reflow';

// The customer's orders in the account (WooCommerce's "Bestellungen" and "Bestellung ansehen"):
// reached by the old WooCommerce link through the login form, listed, and each opened.

/** A simple product with the most to sell: several orders at each band, and no other spec counts its stock. */
async function plentiful(request: import('@playwright/test').APIRequestContext): Promise<StoreProduct> {
  const [product] = (await storeProducts(request))
    .filter((p) => p.type === 'simple' && p.is_in_stock && !p.sold_individually)
    .sort((a, b) => b.add_to_cart.maximum - a.add_to_cart.maximum);
  if (!product) throw new Error('no simple product in stock');
  return product;
}

test('a customer finds their orders in the account and opens one', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  const login = `stammkunde-${info.project.name}-${Date.now()}`;
  const email = `${login}@example.de`;
  await customerAccount(request, login, 'Kunden-Passwort-1');
  const product = await plentiful(request);
  const older = await guestOrder(request, product.id, email);
  const newer = await guestOrder(request, product.id, email.toUpperCase());
  // Someone else's order stays out of the list.
  const theirs = await guestOrder(request, product.id, `jemand-${Date.now()}@example.de`);

  // WooCommerce's link leads to the login form, and logging in leads back to the list.
  await page.goto('/my-account/orders/');
  await expect(page).toHaveURL(/\/mein-konto\/bestellungen\/$/);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(login);
  await page.getByLabel('Passwort', { exact: true }).fill('Kunden-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/mein-konto\/bestellungen\/$/);
  await expect(page.getByRole('heading', { name: 'Bestellungen', level: 1 })).toBeVisible();

  // Newest first, with date, status and total; nobody else's. (Narrow windows hide the head row.)
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link') });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('link')).toHaveText(`Bestellung ${newer}`);
  await expect(rows.nth(1).getByRole('link')).toHaveText(`Bestellung ${older}`);
  await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText('In Wartestellung');
  await expect(rows.nth(0).getByRole('cell').nth(3)).toHaveText(/^\d+,\d\d\u00a0€ für 1 Artikel$/);
  await expect(page.getByRole('link', { name: `Bestellung ${theirs}` })).toHaveCount(0);
  expect(await audit(page, 'account orders')).toEqual([]);
  expect(await overflow(page)).toBe('');
  expect(await overflowAt320(page)).toBe('');

  // One order: what it was, how to pay it (Vorkasse, not yet paid) and where it goes.
  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/mein-konto/bestellungen/${older}/$`));
  await expect(page.getByRole('heading', { name: `Bestellung ${older}`, level: 1 })).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^Bestellung ${older} wurde am .+ aufgegeben und ist zurzeit: In Wartestellung\\.$`)),
  ).toBeVisible();
  await expect(page.getByRole('rowheader', { name: new RegExp(`^1 × ${product.name}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Gesamtsumme \d+,\d\d\s€$/ })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Zahlungsart Vorkasse (Überweisung)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unsere Bankverbindung' })).toBeVisible();
  await expect(page.locator('address').first()).toContainText('Ringstraße 3');
  expect(await audit(page, 'account order')).toEqual([]);
  expect(await overflow(page)).toBe('');
  expect(await overflowAt320(page)).toBe('');

  // Back to the list, and to the account, whose menu leads to the list too.
  await page.getByRole('link', { name: 'Alle meine Bestellungen' }).click();
  await expect(page).toHaveURL(/\/mein-konto\/bestellungen\/$/);
  await page.getByRole('link', { name: 'Zurück zu „Mein Konto“' }).click();
  await expect(page).toHaveURL(/\/mein-konto\/$/);
  await page.getByRole('navigation', { name: 'Mein Konto' }).getByRole('link', { name: 'Bestellungen' }).click();
  await expect(page).toHaveURL(/\/mein-konto\/bestellungen\/$/);

  // Someone else's order is not found, just as one that does not exist.
  const refused = await page.goto(`/mein-konto/bestellungen/${theirs}/`);
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Bestellung nicht gefunden', level: 1 })).toBeVisible();
  await expect(page.getByText(product.name)).toHaveCount(0);
  const notFound = /^404 \S+\/mein-konto\/bestellungen\/\d+\/$|^Failed to load resource: the server responded with a status of 404/;
  expect(errors.filter((e) => !notFound.test(e))).toEqual([]);
});

test('a returning customer finds the checkout filled with the last order’s address', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  const login = `wiederkehr-${info.project.name}-${Date.now()}`;
  await customerAccount(request, login, 'Kunden-Passwort-1');
  const product = await plentiful(request);
  await guestOrder(request, product.id, `${login}@example.de`);

  await page.goto('/mein-konto/');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(login);
  await page.getByLabel('Passwort', { exact: true }).fill('Kunden-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('link', { name: 'Abmelden' })).toBeVisible();
  await checkoutWith(page, product);

  // The address of the last order (guestOrder's), the account's e-mail address.
  const billing = page.getByRole('group', { name: 'Rechnungsdetails' });
  await expect(billing.getByLabel(/^Vorname/)).toHaveValue('Gustav');
  await expect(billing.getByLabel(/^Nachname/)).toHaveValue('Gast');
  await expect(billing.getByLabel(/^Straße und Hausnummer/)).toHaveValue('Ringstraße 3');
  await expect(billing.getByLabel(/^Postleitzahl/)).toHaveValue('04109');
  await expect(billing.getByLabel(/^Ort/)).toHaveValue('Leipzig');
  await expect(billing.getByLabel(/^E-Mail-Adresse/)).toHaveValue(`${login}@example.de`);
  // Ordered as it stands.
  await page.getByRole('checkbox', { name: /AGB.*Widerrufsbelehrung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
  expect(errors).toEqual([]);
});
