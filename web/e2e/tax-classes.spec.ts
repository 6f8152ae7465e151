import { expect, test } from './fixtures';
import { adminNonce, fillCheckout, hydrated, signIn, watchErrors, withProduct } from './helpers';

test('a photovoltaic module at the zero rate: the admin sets class and mark, the shop sells it without VAT once the buyer confirms', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const name = `Solarmodul 430 W ${info.project.name} ${Date.now().toString(36)}`;

  const nonce = await adminNonce(request);
  await withProduct(request, nonce, { name, regular_price: '29.00', manage_stock: true, stock_quantity: 5 }, async (product) => {
    // The admin's editor: the tax class beside the tax status, the mark among the special goods.
    const admin = await browser.newPage();
    await signIn(admin, `/wp-admin/produkte/${product.id}/`);
    const taxClass = admin.getByLabel('Steuerklasse');
    await expect(taxClass).toHaveValue('');
    const special = admin.getByRole('group', { name: 'Besondere Ware' });
    const solar = special.getByRole('checkbox', { name: 'Photovoltaikanlage (§ 12 Abs. 3 UStG)' });
    await solar.check();
    // Its hint, read with the checkbox, says what the class does.
    await expect(solar).toHaveAccessibleDescription('Wählen Sie die Steuerklasse „Nullsatz“, um sie ohne Umsatzsteuer zu verkaufen.');
    await taxClass.selectOption({ label: 'Nullsatz (0 %)' });
    await expect(solar).toHaveAccessibleDescription(
      'Zum Nullsteuersatz verkauft: Beim Bestellen bestätigt der Käufer, dass er für ihn gilt.',
    );
    await admin.getByRole('button', { name: 'Produkt speichern' }).click();
    await expect(admin.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();
    await admin.reload();
    await expect(taxClass).toHaveValue('zero-rate');
    await expect(solar).toBeChecked();
    await admin.close();

    // The product page says it, already in the server's HTML.
    const path = new URL(product.permalink).pathname;
    const notice = 'Nullsteuersatz für Photovoltaikanlagen (§ 12 Abs. 3 UStG): Die Voraussetzungen bestätigen Sie bei der Bestellung.';
    expect(await (await request.get(path)).text()).toContain(notice);
    await Promise.all([hydrated(page), page.goto(path)]);
    await expect(page.locator('.product__summary').getByTestId('zero-rate')).toHaveText(notice);
    await page.locator('.product__summary').getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // The cart holds no VAT: 29,00 € at 0 % and the 4,90 € shipping with it.
    await Promise.all([hydrated(page), page.goto('/warenkorb/')]);
    await expect(page.getByTestId('order-total')).toHaveText(/33,90\s€/);
    await expect(page.locator('.totals__tax')).toHaveCount(0);

    // The checkout asks the buyer to confirm the zero rate's conditions, naming the module.
    await Promise.all([hydrated(page), page.goto('/kasse/')]);
    await fillCheckout(page);
    const confirm = page.getByRole('checkbox', { name: /Betreiber der Photovoltaikanlage/ });
    await expect(page.locator('.checkout__checkbox--photovoltaic_systems')).toContainText(
      `(Nullsteuersatz nach § 12 Abs. 3 UStG): ${name}`,
    );
    const button = page.getByRole('button', { name: /bestellen/i });
    await button.click();
    await expect(page.getByText('Bitte bestätigen Sie, dass der Nullsteuersatz für Photovoltaikanlagen für Sie gilt.')).toBeVisible();
    await expect(confirm).toBeFocused();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await confirm.check();
    await Promise.all([page.waitForURL(/\/bestellung-erhalten\/\d+\//), button.click()]);
    const orderId = Number(/bestellung-erhalten\/(\d+)\//.exec(page.url())![1]);
    const order = (await (await request.get(`/wp-json/wc/v3/orders/${orderId}`, { headers: { 'X-WP-Nonce': nonce } })).json()) as {
      total: string;
      total_tax: string;
      line_items: Array<{ tax_class: string }>;
      laden_legal: Array<{ id: string; text: string }>;
    };
    expect([order.total, order.total_tax, order.line_items[0]!.tax_class]).toEqual(['33.90', '0.00', 'zero-rate']);
    expect(order.laden_legal.map((a) => a.id)).toEqual(['terms', 'photovoltaic_systems']);
    expect(order.laden_legal[1]!.text).toContain(name);
  });
  expect(errors).toEqual([]);
});
