import { expect, test } from './fixtures';
import { audit, checkoutWith, customerAccount, mailedLink, storeProducts, watchErrors } from './helpers';
import { overflow, overflowAt320 } from './reflow';

// The account's details ("Kontodetails"): the display name, and a new password given with the
// current one; the other sessions end and the address is told.

test('a customer renames the account and changes the password; the other device is logged out', async ({
  page,
  browser,
  request,
}, info) => {
  const errors = watchErrors(page);
  const login = `umsteiger-${info.project.name}-${Date.now()}`;
  const email = `${login}@example.de`;
  await customerAccount(request, login, 'altes-Passwort-1');
  const logIn = async (p: typeof page, password: string): Promise<void> => {
    await p.getByLabel('Benutzername oder E-Mail-Adresse').fill(login);
    await p.getByLabel('Passwort', { exact: true }).fill(password);
    await p.getByRole('button', { name: 'Anmelden' }).click();
  };
  // Logged in on another device too.
  const other = await browser.newPage({ viewport: page.viewportSize() });
  await other.goto('/mein-konto/');
  await logIn(other, 'altes-Passwort-1');
  await expect(other.getByRole('link', { name: 'Abmelden' })).toBeVisible();

  // WooCommerce's link, through the login form, to the form.
  await page.goto('/my-account/edit-account/');
  await expect(page).toHaveURL(/\/mein-konto\/konto-details\/$/);
  await logIn(page, 'altes-Passwort-1');
  await expect(page.getByRole('heading', { name: 'Kontodetails', level: 1 })).toBeVisible();
  expect(await audit(page, 'account details')).toEqual([]);
  expect(await overflow(page)).toBe('');
  expect(await overflowAt320(page)).toBe('');

  // A wrong current password: said at its field, which has the focus; nothing is saved.
  const name = page.getByLabel('Anzeigename');
  await name.fill('Ute Umsteiger');
  const current = page.getByLabel('Aktuelles Passwort (leer lassen, um es nicht zu ändern)');
  await current.fill('falsch-geraten');
  await page.getByLabel('Neues Passwort (mindestens 8 Zeichen)').fill('neues-Passwort-1');
  await page.getByLabel('Neues Passwort wiederholen').fill('neues-Passwort-1');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ihr aktuelles Passwort ist nicht richtig.');
  const currentAgain = page.getByLabel('Aktuelles Passwort (leer lassen, um es nicht zu ändern)');
  await expect(currentAgain).toBeFocused();
  await expect(currentAgain).toHaveAttribute('aria-invalid', 'true');
  expect(await audit(page, 'account details refused')).toEqual([]);

  // Right: saved, said, the name greets on the account page.
  await page.getByLabel('Anzeigename').fill('Ute Umsteiger');
  await currentAgain.fill('altes-Passwort-1');
  await page.getByLabel('Neues Passwort (mindestens 8 Zeichen)').fill('neues-Passwort-1');
  await page.getByLabel('Neues Passwort wiederholen').fill('neues-Passwort-1');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page).toHaveURL(/\/mein-konto\/konto-details\/\?gespeichert=1$/);
  await expect(page.getByRole('status')).toHaveText('Ihre Kontodetails wurden gespeichert.');
  await page.getByRole('link', { name: 'Zurück zu „Mein Konto“' }).click();
  await expect(page.getByText('Hallo Ute Umsteiger!')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mein Konto' }).getByRole('link', { name: 'Kontodetails' })).toBeVisible();

  // The other device is logged out, and the old password no longer opens the account.
  await other.goto('/mein-konto/');
  await logIn(other, 'altes-Passwort-1');
  await expect(other.getByRole('alert')).toBeVisible();
  await logIn(other, 'neues-Passwort-1');
  await expect(other.getByRole('link', { name: 'Abmelden' })).toBeVisible();
  await other.close();

  // The address is told, with the way to set a new password for an owner who did not change it.
  const link = await mailedLink('password_changed', email, /https?:\/\/\S+\/mein-konto\/passwort-vergessen\//);
  expect(new URL(link).pathname).toBe('/mein-konto/passwort-vergessen/');
  // The refused save is answered 400, the wrong login 200 with its alert, as documents.
  const refused = /^400 \S+\/mein-konto\/konto-details\/$|^Failed to load resource: the server responded with a status of 400/;
  expect(errors.filter((e) => !refused.test(e))).toEqual([]);
});

test('a customer keeps the addresses the checkout starts with', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  const login = `adressbuch-${info.project.name}-${Date.now()}`;
  await customerAccount(request, login, 'Kunden-Passwort-1');
  await page.goto('/mein-konto/');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(login);
  await page.getByLabel('Passwort', { exact: true }).fill('Kunden-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('navigation', { name: 'Mein Konto' }).getByRole('link', { name: 'Adressen' }).click();
  await expect(page.getByRole('heading', { name: 'Adressen', level: 1 })).toBeVisible();
  expect(await audit(page, 'account addresses')).toEqual([]);
  expect(await overflow(page)).toBe('');
  expect(await overflowAt320(page)).toBe('');

  // An Austrian postcode of the wrong length: said at the field, which has the focus.
  const billing = page.getByRole('group', { name: 'Rechnungsadresse' });
  await billing.getByLabel('Vorname').fill('Anna');
  await billing.getByLabel('Nachname').fill('Berg');
  await billing.getByLabel('Straße und Hausnummer').fill('Hauptstraße 1');
  await billing.getByLabel('Postleitzahl').fill('123456');
  await billing.getByLabel('Ort').fill('Wien');
  await billing.getByLabel('Land').selectOption('AT');
  await page.getByRole('button', { name: 'Adressen speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte korrigieren Sie die markierten Felder.');
  const postcode = page.getByRole('group', { name: 'Rechnungsadresse' }).getByLabel('Postleitzahl');
  await expect(postcode).toBeFocused();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toHaveAccessibleDescription('Bitte geben Sie eine gültige Postleitzahl ein.');
  expect(await audit(page, 'account addresses refused')).toEqual([]);

  await postcode.fill('1010');
  await page.getByRole('button', { name: 'Adressen speichern' }).click();
  await expect(page.getByRole('status')).toHaveText('Ihre Adressen wurden gespeichert.');
  await expect(page.getByRole('group', { name: 'Rechnungsadresse' }).getByLabel('Land')).toHaveValue('AT');

  // The checkout starts with them.
  const product = (await storeProducts(request)).find((p) => p.type === 'simple' && p.is_in_stock)!;
  await checkoutWith(page, product);
  const details = page.getByRole('group', { name: 'Rechnungsdetails' });
  await expect(details.getByLabel(/^Straße und Hausnummer/)).toHaveValue('Hauptstraße 1');
  await expect(details.getByLabel(/^Postleitzahl/)).toHaveValue('1010');
  await expect(details.getByLabel(/^E-Mail-Adresse/)).toHaveValue(`${login}@example.de`);
  // The refused save is answered 400, as documents.
  const refused = /^400 \S+\/mein-konto\/adressen\/$|^Failed to load resource: the server responded with a status of 400/;
  expect(errors.filter((e) => !refused.test(e))).toEqual([]);
});
