import { expect, test } from './fixtures';
import { adminNonce, fillCheckout, hydrated, setSettings, signIn, watchErrors, withProduct } from './helpers';

test('deposit (Pfand): the admin keeps a deposit type, a product names it, the shop shows it beside the price and charges it', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  const suffix = `${info.project.name} ${Date.now().toString(36)}`;
  const kind = `Mehrweg Glas ${suffix}`;
  const name = `Cold Brew 6 × 0,33 l ${suffix}`;
  // The deposit types as the other specs see them, restored however this one ends.
  const nonce = await adminNonce(request);
  const settings = await request.get('/wp-json/wp/v2/settings', { headers: { 'X-WP-Nonce': nonce } });
  const before = ((await settings.json()) as { laden_deposit_types: unknown }).laden_deposit_types;
  try {
    // The settings: a deposit type with an amount that is none is refused beside the field, then kept.
    const admin = await browser.newPage();
    await signIn(admin, '/wp-admin/einstellungen/');
    await admin.getByRole('button', { name: 'Pfandart hinzufügen' }).click();
    const entry = admin.getByTestId('deposit-type').last();
    await entry.getByLabel('Name', { exact: true }).fill(kind);
    await entry.getByLabel('Verpackung').selectOption({ label: 'Mehrweg' });
    await entry.getByLabel('Pfand je Einheit (€)').fill('fünfzehn Cent');
    await admin.getByRole('button', { name: 'Einstellungen speichern' }).click();
    const amount = entry.getByLabel('Pfand je Einheit (€)');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(entry.getByText('Bitte geben Sie ein Pfand von 0,01 € bis 100,00 € ein.')).toBeVisible();
    await amount.fill('0,15');
    await admin.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(admin.getByText('Einstellungen gespeichert.')).toBeVisible();
    await expect(admin.getByRole('group', { name: kind })).toBeVisible();

    await withProduct(request, nonce, { name, regular_price: '11.94', manage_stock: true, stock_quantity: 5 }, async (product) => {
      // The product names it, six to an item.
      await admin.goto(`/wp-admin/produkte/${product.id}/`);
      const deposit = admin.getByRole('group', { name: 'Pfand', exact: true });
      await deposit.getByLabel('Pfandart').fill(kind);
      await deposit.getByLabel('Pfandeinheiten je Artikel').fill('6');
      await admin.getByRole('button', { name: 'Produkt speichern' }).click();
      await expect(admin.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();

      // The product page says it beside the price, already in the server's HTML.
      const notice = 'zzgl. 0,90 € Pfand (6 × 0,15 €, Mehrweg)';
      const path = new URL(product.permalink).pathname;
      expect((await (await request.get(path)).text()).replaceAll('\u00a0', ' ')).toContain(notice);
      await Promise.all([hydrated(page), page.goto(path)]);
      const summary = page.locator('.product__summary');
      await expect(summary.locator('.price').getByText(notice)).toBeVisible();
      await summary.getByRole('button', { name: 'In den Warenkorb' }).click();
      await expect(page.getByTestId('cart-count')).toHaveText('1');

      // The cart: beside the line's price, and as a row of the totals, charged on top of the goods.
      await Promise.all([hydrated(page), page.goto('/warenkorb/')]);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
      await expect(row.getByText(notice)).toBeVisible();
      const totals = page.locator('table.totals');
      await expect(totals.getByRole('row', { name: 'Pfand 0,90 €' })).toBeVisible();
      await expect(totals.getByTestId('order-total')).toHaveText('17,74 €');

      // The checkout lists it again; the order received page names the deposit for the goods.
      await Promise.all([hydrated(page), page.goto('/kasse/')]);
      await expect(page.getByText(notice)).toBeVisible();
      await expect(page.locator('table.totals').getByRole('row', { name: 'Pfand 0,90 €' })).toBeVisible();
      await fillCheckout(page);
      await Promise.all([page.waitForURL(/\/bestellung-erhalten\/\d+\//), page.getByRole('button', { name: /bestellen/i }).click()]);
      await expect(page.getByRole('row', { name: `Pfand für ${name} 0,90 €` })).toBeVisible();
      await expect(page.getByText(notice)).toBeVisible();

      // Staff see it on the order as a line of its own.
      const orderId = Number(/bestellung-erhalten\/(\d+)\//.exec(page.url())![1]);
      await admin.goto(`/wp-admin/bestellungen/${orderId}/`);
      await expect(admin.getByRole('row', { name: `Pfand für ${name} 0,90 €` })).toBeVisible();
      // The empties come back: the deposit is refunded by its own line.
      const refunds = admin.getByRole('region', { name: 'Erstattungen' });
      await refunds.getByLabel(`Stück zurück: Pfand für ${name}`).fill('1');
      await refunds.getByLabel('Grund').fill('Leergut zurück');
      await refunds.getByRole('button', { name: 'Erstattung erfassen' }).click();
      await expect(refunds.getByRole('status')).toHaveText('Erstattung erfasst.');
      await expect(refunds.getByText('Bisher erstattet: 0,90 €')).toBeVisible();
      await admin.close();
    });
  } finally {
    await setSettings(request, { laden_deposit_types: before });
  }
  expect(errors).toEqual([]);
});
