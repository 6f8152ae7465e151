import { expect, test } from './fixtures';
import { hydrated, watchErrors, type StoreProduct } from './helpers';

test('a WooCommerce add-to-cart link from a newsletter puts the product in the cart and leaves a clean address', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as Array<
    StoreProduct & { add_to_cart: { maximum: number } }
  >;
  // Two must be had: earlier tests on this server may have bought all but one of a product.
  const simple = list.find((p) => p.type === 'simple' && p.is_in_stock && p.add_to_cart.maximum >= 2)!;
  const path = new URL(simple.permalink).pathname;

  // The link names the product on its own page, with a quantity and a campaign.
  await Promise.all([hydrated(page), page.goto(`${path}?add-to-cart=${simple.id}&quantity=2&utm_source=newsletter`)]);
  await expect(page).toHaveURL(/\/warenkorb\/\?utm_source=newsletter$/);
  // The page's notice (the live region that says the change may hold the same words for a while).
  await expect(page.locator('main .notice--ok')).toHaveText(`„${simple.name}“ wurde Ihrem Warenkorb hinzugefügt.`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: simple.name }) });
  await expect(row.getByRole('spinbutton')).toHaveValue('2');
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // Reloading the cart adds nothing more (the link is off the address).
  await Promise.all([hydrated(page), page.reload()]);
  await expect(row.getByRole('spinbutton')).toHaveValue('2');

  // A link to a product the shop does not have says so, and the cart stays as it was.
  await Promise.all([hydrated(page), page.goto('/?add-to-cart=999999')]);
  await expect(page).toHaveURL(/\/warenkorb\/$/);
  await expect(page.locator('main .notice--error')).toHaveText('Dieses Produkt gibt es nicht.');
  await expect(row.getByRole('spinbutton')).toHaveValue('2');
  expect(errors).toEqual([]);
});
