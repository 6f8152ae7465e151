import { expect, test } from './fixtures';
import { adminNonce, fillCheckout, hydrated, signIn, watchErrors, withProduct } from './helpers';

test('goods with defects, used goods and a minimum age: the admin states them, the shop says them, the checkout asks for each', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const name = `Kaffeemühle B-Ware ${info.project.name} ${Date.now().toString(36)}`;

  // Made through the REST API, the product gets its special fields in the admin's editor.
  const nonce = await adminNonce(request);
  await withProduct(request, nonce, { name, regular_price: '49.90', manage_stock: true, stock_quantity: 3 }, (product) =>
    statedBoughtAndAgreed(page, browser, request, { ...product, name, nonce }),
  );
  expect(errors).toEqual([]);
});

async function statedBoughtAndAgreed(
  page: import('@playwright/test').Page,
  browser: import('@playwright/test').Browser,
  request: import('@playwright/test').APIRequestContext,
  { id, permalink, name, nonce }: { id: number; permalink: string; name: string; nonce: string },
): Promise<void> {
  const product = { id, permalink };

  const admin = await browser.newPage();
  await signIn(admin, `/wp-admin/produkte/${product.id}/`);
  const special = admin.getByRole('group', { name: 'Besondere Ware' });
  await expect(special).toBeVisible();
  // Goods bought elsewhere, or only through their group's products, state nothing here.
  const type = admin.getByLabel('Produkttyp');
  for (const other of ['Externes/Affiliate-Produkt', 'Gruppiertes Produkt']) {
    await type.selectOption({ label: other });
    await expect(special).toHaveCount(0);
  }
  await type.selectOption({ label: 'Einfaches Produkt' });
  await expect(special).toBeVisible();
  await special.getByLabel('Mängel (B-Ware)').fill('Delle an der Seite, Mahlwerk einwandfrei');
  await special.getByLabel('Gebrauchtware mit einjähriger Verjährungsfrist für Mängelansprüche').check();
  await special.getByLabel('Mindestalter').selectOption({ label: '18 Jahre' });
  await admin.getByRole('button', { name: 'Produkt speichern' }).click();
  await expect(admin.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();
  await admin.reload();
  await expect(special.getByLabel('Mängel (B-Ware)')).toHaveValue('Delle an der Seite, Mahlwerk einwandfrei');
  await expect(special.getByLabel('Gebrauchtware mit einjähriger Verjährungsfrist für Mängelansprüche')).toBeChecked();
  await expect(special.getByLabel('Mindestalter')).toHaveValue('18');
  await admin.close();

  // The product page says it before the shopper buys, already in the server's HTML.
  const path = new URL(product.permalink).pathname;
  const raw = await (await request.get(path)).text();
  expect(raw).toContain('Mängel: Delle an der Seite, Mahlwerk einwandfrei');
  await Promise.all([hydrated(page), page.goto(path)]);
  const notices = page.locator('.product__summary').getByTestId('special-goods');
  await expect(notices.getByRole('listitem')).toHaveText([
    'Mängel: Delle an der Seite, Mahlwerk einwandfrei',
    'Gebrauchtware: Mängelansprüche verjähren nach einem Jahr.',
    'Abgabe nur an Personen ab 18 Jahren.',
  ]);
  await page.locator('.product__summary').getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The cart says it again at the line.
  await Promise.all([hydrated(page), page.goto('/warenkorb/')]);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row.getByTestId('special-goods')).toContainText('Mängel: Delle an der Seite, Mahlwerk einwandfrei');

  // The checkout asks for each agreement in a checkbox of its own; nothing is sent without them.
  await Promise.all([hydrated(page), page.goto('/kasse/')]);
  await fillCheckout(page);
  const defects = page.getByRole('checkbox', { name: /Mängel aufweisen/ });
  const used = page.getByRole('checkbox', { name: /gebrauchten Artikeln nach einem Jahr/ });
  const age = page.getByRole('checkbox', { name: /Ich bestätige, dass ich mindestens 18 Jahre alt bin\./ });
  await expect(page.locator('.checkout__checkbox--defective_copy')).toContainText(
    `Ich wurde darauf hingewiesen, dass die folgenden Artikel Mängel aufweisen, und nehme diese ausdrücklich an: ${name}: Delle an der Seite, Mahlwerk einwandfrei`,
  );
  let posted = false;
  page.on('request', (r) => {
    if (r.url().includes('/wc/store/v1/checkout')) posted = true;
  });
  const button = page.getByRole('button', { name: /bestellen/i });
  await button.click();
  await expect(page.getByText('Bitte bestätigen Sie, dass Sie die Mängel der Artikel annehmen.')).toBeVisible();
  await expect(page.getByText('Bitte stimmen Sie der einjährigen Verjährungsfrist für die gebrauchten Artikel zu.')).toBeVisible();
  await expect(page.getByText('Bitte bestätigen Sie Ihr Alter.')).toBeVisible();
  // The first checkbox to tick has the focus, and says why.
  await expect(defects).toBeFocused();
  await expect(defects).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);

  for (const box of [defects, used, age]) await box.check();
  await Promise.all([page.waitForURL(/\/bestellung-erhalten\/\d+\//), button.click()]);
  const orderId = Number(/bestellung-erhalten\/(\d+)\//.exec(page.url())![1]);
  const order = (await (await request.get(`/wp-json/wc/v3/orders/${orderId}`, { headers: { 'X-WP-Nonce': nonce } })).json()) as {
    laden_legal: Array<{ id: string; text: string }>;
  };
  expect(order.laden_legal.map((a) => a.id)).toEqual(['terms', 'defective_copy', 'used_goods_warranty', 'age_verification']);
  expect(order.laden_legal[1]!.text).toContain(`${name}: Delle an der Seite, Mahlwerk einwandfrei`);
}
