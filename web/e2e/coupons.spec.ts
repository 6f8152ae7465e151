import { expect, test } from './fixtures';
import { type APIRequestContext } from '@playwright/test';
import { fillCheckout, hydrated, type StoreProduct, watchErrors } from './helpers';

/** A 10 % coupon made through wc/v3 as the administrator; returns its code. */
async function coupon(request: APIRequestContext, code: string): Promise<string> {
  const login = await request.post('/wp-login.php', { form: { log: 'admin', pwd: 'e2e-Röstmeister-2026' }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  const nonce = (await (await request.get('/wp-admin/admin-ajax.php?action=rest-nonce')).text()).trim();
  const res = await request.post('/wp-json/wc/v3/coupons', {
    headers: { 'X-WP-Nonce': nonce },
    data: { code, discount_type: 'percent', amount: '10' },
  });
  expect([201, 400]).toContain(res.status()); // 400: made by an earlier run on the same data
  return code.toLowerCase();
}

const money = (cents: number): string =>
  `${(cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0€`;

test('a shopper redeems a coupon in the cart and sees it through checkout to the order', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  const code = await coupon(request, `Herbst-${info.project.name}`);
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=50')).json()) as StoreProduct[];
  const product = list.find((p) => p.type === 'simple' && p.is_in_stock)!;
  await Promise.all([hydrated(page), page.goto(new URL(product.permalink).pathname)]);
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await Promise.all([hydrated(page), page.goto('/warenkorb/')]);

  const field = page.getByRole('group', { name: 'Gutscheincode' });
  const input = field.getByRole('textbox', { name: 'Gutscheincode' });
  // An unknown code is named, in German, at the field.
  await input.fill('gibtsnicht');
  await field.getByRole('button', { name: 'Gutschein einlösen' }).click();
  await expect(field.getByRole('alert')).toHaveText('Den Gutschein „gibtsnicht“ gibt es nicht.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  // The right one (in any case, applied with Enter) takes 10 % off.
  const price = Number(product.prices.price);
  const discount = Math.round(price / 10);
  const totalBefore = await page.getByTestId('order-total').textContent();
  await input.fill(code.toUpperCase());
  await input.press('Enter');
  await expect(field.getByRole('status')).toHaveText('Der Gutschein wurde eingelöst.');
  const row = page.getByRole('row', { name: new RegExp(`Gutschein: ${code}`) });
  await expect(row).toContainText(`−${money(discount)}`);
  await expect(page.getByTestId('order-total')).not.toHaveText(totalBefore!);
  // Taken off and on again.
  await field.getByRole('button', { name: `Gutschein ${code} entfernen` }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveText(totalBefore!);
  await input.fill(code);
  await input.press('Enter');
  await expect(row).toBeVisible();
  const totalWith = (await page.getByTestId('order-total').textContent())!;

  // The checkout shows it in the summary above the order button; Enter in its field orders nothing.
  await Promise.all([hydrated(page), page.getByRole('link', { name: 'Weiter zur Kasse' }).click()]);
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByRole('row', { name: new RegExp(`Gutschein: ${code}`) })).toContainText(`−${money(discount)}`);
  await expect(summary.getByTestId('order-total')).toHaveText(totalWith);
  const checkoutField = page.getByRole('group', { name: 'Gutscheincode' });
  await checkoutField.getByRole('textbox', { name: 'Gutscheincode' }).fill(code);
  await checkoutField.getByRole('textbox', { name: 'Gutscheincode' }).press('Enter');
  await expect(checkoutField.getByRole('alert')).toHaveText(`Der Gutschein „${code}“ ist bereits eingelöst.`);
  await expect(page).toHaveURL(/\/kasse\/$/);

  await fillCheckout(page);
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
  await expect(page.getByRole('row', { name: new RegExp(`Gutschein: ${code}`) })).toContainText(`−${money(discount)}`);
  await expect(page.getByRole('row', { name: /^Gesamtsumme/ })).toContainText(totalWith);
  expect(errors).toEqual([]);
});

test('the administrator creates, lists and deletes coupons in the admin, with German messages at the fields', async ({ page }, info) => {
  const errors = watchErrors(page);
  await page.goto('/wp-admin/gutscheine/');
  await expect(page).toHaveURL(/\/wp-login\.php\?redirect_to=/);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('admin');
  await page.getByLabel('Passwort').fill('e2e-Röstmeister-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gutscheine' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Gutscheine' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Nothing typed: named at the fields, nothing sent.
  await page.getByRole('button', { name: 'Gutschein anlegen' }).click();
  await expect(page.getByText('Bitte geben Sie einen Gutscheincode ein.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie einen Betrag wie 10 oder 5,50 ein.')).toBeVisible();
  // The form says so above the list, as the other staff forms do, and the first field has focus.
  await expect(page.getByRole('alert').filter({ hasText: 'Bitte korrigieren Sie die markierten Felder.' })).toBeVisible();
  await expect(page.getByLabel('Gutscheincode')).toBeFocused();

  const code = `winter-${info.project.name}`;
  await page.getByLabel('Gutscheincode').fill(code);
  await page.getByLabel('Art des Rabatts').selectOption({ label: 'Fester Betrag vom Warenkorb' });
  await page.getByLabel('Rabatt in €').fill('5,50');
  await page.getByLabel('Mindestbestellwert in € (optional)').fill('30');
  await page.getByLabel('Wie oft er eingelöst werden darf (leer: unbegrenzt)').fill('100');
  await page.getByLabel('Gültig bis (optional)').fill('2030-12-24');
  await page.getByRole('checkbox', { name: 'Kostenlosen Versand erlauben' }).check();
  await page.getByRole('button', { name: 'Gutschein anlegen' }).click();
  await expect(page.getByRole('status')).toHaveText(`Gutschein ${code} angelegt.`);
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('5,50\u00a0€');
  await expect(row).toContainText('30,00\u00a0€');
  await expect(row).toContainText('0 von 100');
  await expect(row).toContainText('24.12.2030');
  await expect(row).toContainText('kostenloser Versand');

  // The same code again is refused by the server, in German.
  await page.getByLabel('Gutscheincode').fill(code.toUpperCase());
  await page.getByLabel('Rabatt in %').fill('10');
  await page.getByRole('button', { name: 'Gutschein anlegen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Diesen Gutscheincode gibt es schon.' })).toBeVisible();

  await row.getByRole('button', { name: `Gutschein ${code} löschen` }).click();
  await expect(page.getByRole('status')).toHaveText(`Gutschein ${code} gelöscht.`);
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});
