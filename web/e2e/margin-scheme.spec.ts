import { expect, test } from './fixtures';
import { adminNonce, hydrated, signIn, watchErrors, withProduct } from './helpers';

test('margin scheme (§ 25a UStG): the admin marks used goods, their price says no VAT is shown, in the cart too', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const name = `Siebträgermaschine gebraucht ${info.project.name} ${Date.now().toString(36)}`;
  const notice = 'differenzbesteuert nach § 25a UStG, MwSt. nicht ausweisbar';
  const nonce = await adminNonce(request);
  await withProduct(request, nonce, { name, regular_price: '249.00', manage_stock: true, stock_quantity: 1 }, async (product) => {
    const admin = await browser.newPage();
    await signIn(admin, `/wp-admin/produkte/${product.id}/`);
    const special = admin.getByRole('group', { name: 'Besondere Ware' });
    await special.getByLabel('Differenzbesteuerung für Gebrauchtgegenstände (§ 25a UStG): keine MwSt. ausgewiesen').check();
    await admin.getByRole('button', { name: 'Produkt speichern' }).click();
    await expect(admin.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();
    await admin.close();

    // The product page: the notice in place of "inkl. MwSt.", already in the server's HTML.
    const path = new URL(product.permalink).pathname;
    expect(await (await request.get(path)).text()).toContain(notice);
    await Promise.all([hydrated(page), page.goto(path)]);
    const price = page.locator('.product__summary .price');
    await expect(price.locator('.price__notice')).toContainText(notice);
    await expect(price.locator('.price__notice')).not.toContainText('inkl. MwSt.');
    await page.locator('.product__summary').getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // The cart: beside the line's price, and no VAT line for it.
    await Promise.all([hydrated(page), page.goto('/warenkorb/')]);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row.getByText(notice)).toBeVisible();
    await expect(page.locator('table.totals').getByText(/inkl\. .*MwSt\./)).toHaveCount(0);
  });
  expect(errors).toEqual([]);
});
