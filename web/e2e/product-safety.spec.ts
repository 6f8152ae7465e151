import { expect, test } from './fixtures';
import { adminNonce, productTab, signIn, watchErrors } from './helpers';

test('product safety (GPSR): the admin keeps a manufacturer, a product names it, its page gives the addresses and warnings', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const suffix = `${info.project.name} ${Date.now().toString(36)}`;
  const maker = `Holzwerk Nord ${suffix}`;
  const nonce = await adminNonce(request);
  const made = await request.post('/wp-json/wc/v3/products', {
    headers: { 'X-WP-Nonce': nonce },
    data: { name: `Holzeisenbahn ${suffix}`, regular_price: '39.90', manage_stock: true, stock_quantity: 3 },
  });
  expect(made.status()).toBe(201);
  const product = (await made.json()) as { id: number; permalink: string };
  try {
    // The settings: a manufacturer without its address is refused next to the field, then kept.
    await signIn(page, '/wp-admin/einstellungen/');
    await page.getByRole('button', { name: 'Hersteller hinzufügen' }).click();
    const entry = page.getByTestId('manufacturer').last();
    await entry.getByLabel('Name', { exact: true }).fill(maker);
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(entry.getByText('Bitte geben Sie die Post- und die elektronische Adresse des Herstellers an')).toBeVisible();
    await entry.getByLabel('Post- und elektronische Adresse').fill('Hafenstraße 4\n24103 Kiel\nsicherheit@holzwerk.example');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
    await expect(page.getByRole('group', { name: maker })).toBeVisible();

    // The product names it, with its warnings.
    await page.goto(`/wp-admin/produkte/${product.id}/`);
    const safety = page.getByRole('group', { name: 'Produktsicherheit' });
    await safety.getByLabel('Hersteller').fill(maker);
    await safety.getByLabel('Warn- und Sicherheitshinweise').fill('Achtung: Nicht für Kinder unter 36 Monaten geeignet.');
    await page.getByRole('button', { name: 'Produkt speichern' }).click();
    await expect(page.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();

    // The shopper's page: a tab of its own, reached by keyboard, with the addresses and the warnings.
    const panel = await productTab(page, product.permalink, 'Produktsicherheit');
    await expect(panel.getByText(maker)).toBeVisible();
    await expect(panel.getByText('24103 Kiel')).toBeVisible();
    await expect(panel.getByText('sicherheit@holzwerk.example')).toBeVisible();
    await expect(panel.getByText('Achtung: Nicht für Kinder unter 36 Monaten geeignet.')).toBeVisible();
    await expect(panel.getByText('Verantwortliche Person in der EU')).toHaveCount(0);
  } finally {
    // The shop the other specs see stays as it was.
    const removed = await request.delete(`/wp-json/wc/v3/products/${product.id}?force=true`, { headers: { 'X-WP-Nonce': nonce } });
    expect(removed.status()).toBe(200);
    const settings = await request.post('/wp-json/wp/v2/settings', { headers: { 'X-WP-Nonce': nonce }, data: { laden_manufacturers: [] } });
    expect(settings.status()).toBe(200);
  }
  expect(errors).toEqual([]);
});
