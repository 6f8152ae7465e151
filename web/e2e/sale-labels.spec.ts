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
