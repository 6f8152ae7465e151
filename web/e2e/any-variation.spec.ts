import { expect, test } from './fixtures';
import { adminNonce, fillCheckout, hydrated, watchErrors } from './helpers';

test('a variation for any size keeps the size the shopper chose, in the cart and in the order', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const name = `Leinenschürze ${info.project.name} ${Date.now().toString(36)}`;
  const nonce = await adminNonce(request);
  const headers = { 'X-WP-Nonce': nonce };
  // One variation: red, in any size (as WooCommerce's sample T-shirt).
  const made = await request.post('/wp-json/wc/v3/products', {
    headers,
    data: {
      name,
      type: 'variable',
      attributes: [
        { name: 'Farbe', options: ['Rot'], variation: true, visible: true },
        { name: 'Größe', options: ['S', 'M', 'L'], variation: true, visible: true },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const product = (await made.json()) as { id: number; permalink: string };
  try {
    const variation = await request.post(`/wp-json/wc/v3/products/${product.id}/variations`, {
      headers,
      data: { regular_price: '24.90', attributes: [{ name: 'Farbe', option: 'Rot' }] },
    });
    expect(variation.status()).toBe(201);

    await Promise.all([hydrated(page), page.goto(new URL(product.permalink).pathname)]);
    const summary = page.locator('.product__summary');
    await summary.getByLabel('Farbe', { exact: true }).selectOption('Rot');
    await summary.getByLabel('Größe', { exact: true }).selectOption('M');
    await summary.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await summary.getByLabel('Größe', { exact: true }).selectOption('L');
    await summary.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    // Two lines, one a size.
    await Promise.all([hydrated(page), page.goto('/warenkorb/')]);
    const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Farbe: Rot, Größe: M');
    await expect(rows.nth(1)).toContainText('Farbe: Rot, Größe: L');

    await Promise.all([hydrated(page), page.goto('/kasse/')]);
    await fillCheckout(page);
    await Promise.all([page.waitForURL(/\/bestellung-erhalten\/\d+\//), page.getByRole('button', { name: /bestellen/i }).click()]);
    await expect(page.getByText('Farbe: Rot, Größe: M')).toBeVisible();
    await expect(page.getByText('Farbe: Rot, Größe: L')).toBeVisible();
    const orderId = Number(/bestellung-erhalten\/(\d+)\//.exec(page.url())![1]);
    const order = (await (await request.get(`/wp-json/wc/v3/orders/${orderId}`, { headers })).json()) as {
      line_items: Array<{ meta_data: Array<{ display_key: string; display_value: string }> }>;
    };
    expect(order.line_items.map((l) => l.meta_data.map((m) => `${m.display_key}: ${m.display_value}`))).toEqual([
      ['Farbe: Rot', 'Größe: M'],
      ['Farbe: Rot', 'Größe: L'],
    ]);
  } finally {
    // The shop the other specs see stays as it was.
    const removed = await request.delete(`/wp-json/wc/v3/products/${product.id}?force=true`, { headers });
    expect(removed.status()).toBe(200);
  }
  expect(errors).toEqual([]);
});
