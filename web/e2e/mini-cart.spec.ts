import { expect, test } from './fixtures';
import { hydrated, watchErrors, type StoreProduct } from './helpers';

test('mini cart: the header cart link opens an overlay that follows the cart and closes', async ({ page, request }) => {
  const errors = watchErrors(page);
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as StoreProduct[];
  const simple = list.find((p) => p.type === 'simple' && p.is_in_stock)!;
  await Promise.all([hydrated(page), page.goto(new URL(simple.permalink).pathname)]);
  const link = page.getByRole('link', { name: /^Warenkorb: 0 Artikel/ });
  await link.click();
  const mini = page.getByRole('dialog', { name: 'Warenkorb' });
  await expect(mini).toBeVisible();
  await expect(page).toHaveURL(new URL(simple.permalink).pathname);
  await expect(mini.getByText('Ihr Warenkorb ist gegenwärtig leer.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(mini).toBeHidden();
  await expect(link).toBeFocused();

  // Adding on the page updates the count and the overlay without a reload.
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('link', { name: /^Warenkorb: 1 Artikel/ }).click();
  await expect(mini.getByRole('link', { name: simple.name })).toBeVisible();
  await expect(mini.getByTestId('mini-cart-qty')).toHaveText('1');
  await expect(mini.getByTestId('mini-cart-subtotal')).toHaveText(/€$/);
  await expect(mini.getByText('inkl. MwSt.')).toBeVisible();
  await expect(mini.getByRole('link', { name: 'Weiter zur Kasse' })).toHaveAttribute('href', '/kasse/');
  await mini.getByRole('button', { name: 'Schließen' }).click();
  await expect(mini).toBeHidden();
  expect(errors).toEqual([]);
});
