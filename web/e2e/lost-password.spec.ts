import { expect, test } from './fixtures';
import { adminNonce, audit, mailedLink, watchErrors } from './helpers';

const RESET_LINK = /https?:\/\/\S+\/mein-konto\/passwort-vergessen\/\?user=\d+&(?:amp;)?time=\d+&(?:amp;)?key=[0-9a-f]+/;

test('a customer who forgot the password sets a new one through the mailed link and logs in with it', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  const login = `vergesslich-${info.project.name}-${Date.now()}`;
  const email = `${login}@example.de`;
  const made = await request.post('/wp-json/wp/v2/users', {
    headers: { 'X-WP-Nonce': await adminNonce(request) },
    data: { username: login, email, password: 'altes-Passwort-1', roles: ['customer'] },
  });
  expect(made.status()).toBe(201);

  // From the login form to the request form, by keyboard-reachable link.
  await page.goto('/mein-konto/');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/mein-konto\/passwort-vergessen\/$/);
  await expect(page.getByRole('heading', { name: 'Passwort vergessen', level: 1 })).toBeVisible();
  expect(await audit(page, 'lost password form')).toEqual([]);

  // Nothing typed: the browser asks for the field; a blank one the server refuses, naming it.
  const field = page.getByLabel('Benutzername oder E-Mail-Adresse');
  await field.fill('   ');
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein.');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(email);
  await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(page.getByRole('status')).toContainText('Der Link ist 24 Stunden gültig.');

  // The link from the e-mail: two fields, which must match.
  const link = await mailedLink('password_reset', email, RESET_LINK);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen', level: 1 })).toBeVisible();
  expect(await audit(page, 'new password form')).toEqual([]);
  const first = page.getByLabel('Neues Passwort (mindestens 8 Zeichen)');
  await first.fill('neues-Passwort-1');
  await page.getByLabel('Neues Passwort wiederholen').fill('neues-Passwort-2');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText('Die beiden Passwörter stimmen nicht überein.');
  await expect(first).toBeFocused();

  await first.fill('neues-Passwort-1');
  await page.getByLabel('Neues Passwort wiederholen').fill('neues-Passwort-1');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('status')).toHaveText('Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.');
  await expect(page.getByLabel('Benutzername oder E-Mail-Adresse')).toHaveValue(email);
  await page.getByLabel('Passwort', { exact: true }).fill('neues-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/mein-konto\/$/);
  await expect(page.getByRole('link', { name: 'Abmelden' })).toBeVisible();

  // The link has done its work: opened again, it says so and offers a new one.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('alert')).toContainText('ist nicht gültig');
  await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/mein-konto/passwort-vergessen/');
  // The refusals above are answered 400 and the used link 404, as documents: nothing else failed.
  const refused = /^40[04] \S+\/mein-konto\/passwort-vergessen\/|^Failed to load resource: the server responded with a status of 40[04]/;
  expect(errors.filter((e) => !refused.test(e))).toEqual([]);
});
