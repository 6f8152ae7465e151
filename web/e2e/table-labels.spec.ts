import { expect, test } from './fixtures';
import { audit, customerAccount, guestOrder, hydrated, simpleInStock } from './helpers';

// Narrow screens (the mobile band) hide a table's head row and stack each row's cells: there every
// cell says which column it is („Preis: 11,90 €“, as WooCommerce's narrow cart does), so a unit
// price and a line total are told apart, by eye and by screen reader. Wider screens show the heads.

test('the cart and the account name each cell’s column where the head row is hidden', async ({ page, request }, info) => {
  const narrow = info.project.name === 'mobile-375';
  const product = await simpleInStock(request);
  await Promise.all([hydrated(page), page.goto(`/warenkorb/?add-to-cart=${product.id}&quantity=2`)]);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: product.name }) });
  await expect(row.getByRole('spinbutton')).toHaveValue('2');
  const cell = (i: number) => row.getByRole('cell').nth(i);
  const [price, quantity, total] = [cell(1), cell(2), cell(3)];
  if (narrow) {
    await expect(page.locator('.cart-table thead')).toBeHidden();
    await expect(price).toHaveAccessibleName(/^Preis: \d+,\d\d\s€$/);
    await expect(quantity).toHaveAccessibleName(/^Menge: /);
    await expect(total).toHaveAccessibleName(/^Gesamtsumme: \d+,\d\d\s€$/);
  } else {
    await expect(page.getByRole('columnheader', { name: 'Preis' })).toBeVisible();
    await expect(price).toHaveAccessibleName(/^\d+,\d\d\s€$/);
    await expect(total).toHaveAccessibleName(/^\d+,\d\d\s€$/);
  }
  expect(await audit(page, 'cart')).toEqual([]);

  // The account's tables (server-rendered) do the same.
  const login = `spalten-${info.project.name}-${Date.now()}`;
  await customerAccount(request, login, 'Kunden-Passwort-1');
  const order = await guestOrder(request, product.id, `${login}@example.de`);
  await page.goto('/mein-konto/bestellungen/');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(login);
  await page.getByLabel('Passwort', { exact: true }).fill('Kunden-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  const line = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Bestellung ${order}` }) });
  await expect(line.getByRole('cell').nth(2)).toHaveAccessibleName(narrow ? 'Status: In Wartestellung' : 'In Wartestellung');
  expect(await audit(page, 'account orders')).toEqual([]);
});
