import { expect, test } from './fixtures';
import { adminNonce, hydrated, setSettings, signIn, watchErrors, withProduct } from './helpers';

test('sale price labels: the admin keeps a label, a product chooses it, the shop shows it before the struck price', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const label = `Statt ${Date.now().toString(36)}`;
  const name = `Milchkännchen ${info.project.name} ${Date.now().toString(36)}`;
  const nonce = await adminNonce(request);
  // The labels and defaults as the other specs see them, restored however this one ends.
  const kept = (await (await request.get('/wp-json/wp/v2/settings', { headers: { 'X-WP-Nonce': nonce } })).json()) as Record<
    string,
    unknown
  >;
  const restore = Object.fromEntries(
    ['laden_price_labels', 'laden_default_sale_price_label', 'laden_default_sale_price_regular_label'].map((k) => [k, kept[k]]),
  );
  try {
    // The settings: a label is added, and „Neuer Preis“ becomes the default before a reduced price.
    const admin = await browser.newPage();
    await signIn(admin, '/wp-admin/einstellungen/');
    const panel = admin.getByRole('group', { name: 'Preisauszeichnungen' });
    await panel.getByRole('button', { name: 'Preisauszeichnung hinzufügen' }).click();
    await panel.getByTestId('price-label').last().getByRole('textbox').fill(label);
    await panel.getByLabel('Voreinstellung vor dem reduzierten Preis').selectOption({ label: 'Neuer Preis' });
    await admin.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(admin.getByText('Einstellungen gespeichert.')).toBeVisible();
    await expect(panel.getByLabel('Voreinstellung vor dem reduzierten Preis')).toHaveValue('neuer-preis');

    await withProduct(request, nonce, { name, regular_price: '24.90', sale_price: '19.90' }, async (product) => {
      // The product chooses the new label before its struck price; a label the shop lacks is refused beside the field.
      await admin.goto(`/wp-admin/produkte/${product.id}/`);
      const strike = admin.getByLabel('Bezeichnung des Streichpreises');
      await strike.fill('Sonderpreis');
      await admin.getByRole('button', { name: 'Produkt speichern' }).click();
      await expect(strike).toHaveAttribute('aria-invalid', 'true');
      await expect(
        admin.getByText('Diese Preisauszeichnung gibt es nicht: Legen Sie sie zuerst in den Shop-Einstellungen an.'),
      ).toBeVisible();
      await strike.fill(label);
      await admin.getByRole('button', { name: 'Produkt speichern' }).click();
      await expect(admin.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();

      // The product page: the labels before both prices, the struck one's label not struck through.
      const path = new URL(product.permalink).pathname;
      await Promise.all([hydrated(page), page.goto(path)]);
      const price = page.locator('.product__summary .price__amount');
      await expect(price.locator('del')).toHaveText(`${label}: 24,90\u00a0€`);
      await expect(price.locator('ins')).toHaveText('Neuer Preis: 19,90\u00a0€');
      const shown = price.locator('del .price__label');
      await expect(shown).toBeVisible();
      await expect(shown).toHaveCSS('text-decoration-line', 'none');
      await expect(price.locator('.visually-hidden')).toHaveCount(0);
      await admin.close();
    });

    // A demo kitchen product reduced against the manufacturer's price: its card in the shop says UVP.
    await Promise.all([hydrated(page), page.goto('/shop/?s=Becher+Emaille')]);
    const card = page.locator('.product-card').filter({ hasText: 'Becher Emaille' });
    await expect(card.locator('del')).toContainText(/^UVP: \d+,\d\d\u00a0€$/);
    await expect(card.locator('ins')).toContainText(/^Neuer Preis: \d+,\d\d\u00a0€$/);
  } finally {
    await setSettings(request, restore);
  }
  expect(errors).toEqual([]);
});

test("a variation's own sale price label, set in the editor, is shown when the shopper chooses it", async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const name = `Kanne ${info.project.name} ${Date.now().toString(36)}`;
  const nonce = await adminNonce(request);
  const headers = { 'X-WP-Nonce': nonce };
  const made = await request.post('/wp-json/wc/v3/products', {
    headers,
    data: { name, type: 'variable', attributes: [{ name: 'Größe', options: ['1 l', '2 l'], variation: true, visible: true }] },
  });
  expect(made.status()).toBe(201);
  const product = (await made.json()) as { id: number; permalink: string };
  try {
    for (const [size, regular, sale] of [
      ['1 l', '30.00', '25.00'],
      ['2 l', '40.00', '35.00'],
    ]) {
      const v = await request.post(`/wp-json/wc/v3/products/${product.id}/variations`, {
        headers,
        data: { regular_price: regular, sale_price: sale, attributes: [{ name: 'Größe', option: size }] },
      });
      expect(v.status()).toBe(201);
    }
    // The editor: the 2-l variation names „UVP“ before its struck price; the 1-l one keeps the product's (none).
    const admin = await browser.newPage();
    await signIn(admin, `/wp-admin/produkte/${product.id}/`);
    const big = admin.getByTestId('variation').filter({ has: admin.getByRole('heading', { name: '2 l' }) });
    await big.getByLabel('Bezeichnung des Streichpreises').fill('UVP');
    await admin.getByRole('button', { name: 'Produkt speichern' }).click();
    await expect(admin.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();
    await admin.close();

    await Promise.all([hydrated(page), page.goto(new URL(product.permalink).pathname)]);
    const summary = page.locator('.product__summary');
    const size = summary.getByLabel('Größe', { exact: true });
    await size.selectOption('2 l');
    await expect(summary.locator('.price__amount del')).toHaveText('UVP: 40,00\u00a0€');
    await size.selectOption('1 l');
    await expect(summary.locator('.price__amount del')).toHaveText('Ursprünglicher Preis: 30,00\u00a0€');
    await expect(summary.locator('.price__amount del .price__label')).toHaveCount(0);
  } finally {
    await request.delete(`/wp-json/wc/v3/products/${product.id}?force=true`, { headers });
  }
  expect(errors).toEqual([]);
});
