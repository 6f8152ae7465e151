import { expect, test } from './fixtures';
import { hydrated, watchErrors } from './helpers';

test('listing filters: price range, on sale and in stock live in the address, work as a plain form, keep to pages, and never offer an empty result', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const loaded = hydrated(page);
  await page.goto('/shop/');
  await loaded;
  const count = async () => Number((await page.locator('.listing__count').innerText()).replace(/\D/g, ''));
  const all = await count();
  const filters = page.getByRole('form', { name: 'Filter' });
  await expect(filters).toBeVisible();

  // Only products on sale: the checkbox's count is what the list then shows.
  const saleBox = filters.getByRole('checkbox', { name: /Nur Angebote/ });
  const saleCount = Number((await saleBox.locator('xpath=..').innerText()).replace(/\D/g, ''));
  expect(saleCount).toBeGreaterThan(0);
  expect(saleCount).toBeLessThan(all);
  await saleBox.check();
  const applied = hydrated(page);
  await filters.getByRole('button', { name: 'Filtern' }).click();
  await applied;
  await expect(page).toHaveURL(/\/shop\/\?sale=1$/);
  expect(await count()).toBe(saleCount);
  await expect(page.locator('.listing__main').getByText('Angebot!').first()).toBeVisible();

  // A price range in euros, kept together with the sale choice.
  const ranged = hydrated(page);
  await page.goto('/shop/?min_price=10&max_price=20&stock=instock');
  await ranged;
  const inRange = await count();
  expect(inRange).toBeGreaterThan(0);
  expect(inRange).toBeLessThan(all);
  await expect(page.getByRole('form', { name: 'Filter' }).getByLabel('Von')).toHaveValue('10');
  await expect(page.getByRole('checkbox', { name: /Nur vorrätige/ })).toBeChecked();
  // Pages keep the choice.
  const paged = hydrated(page);
  await page.goto('/shop/?stock=instock');
  await paged;
  await expect(page.getByRole('navigation', { name: 'Seiten' }).getByRole('link', { name: '2', exact: true })).toHaveAttribute(
    'href',
    '/shop/page/2/?stock=instock',
  );
  // Previous and next, as WooCommerce's page links have them (none before the first page).
  const pages = page.getByRole('navigation', { name: 'Seiten' });
  await expect(pages.getByRole('link', { name: 'Nächste Seite' })).toHaveAttribute('href', '/shop/page/2/?stock=instock');
  await expect(pages.getByRole('link', { name: 'Vorherige Seite' })).toHaveCount(0);
  // A range with nothing in it: the checkboxes that would leave nothing are not offered.
  const empty = hydrated(page);
  await page.goto('/shop/?min_price=99999');
  await empty;
  expect(await count()).toBe(0);
  await expect(page.getByRole('checkbox', { name: /Nur Angebote/ })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Filter zurücksetzen' })).toHaveAttribute('href', '/shop/');
  expect(errors).toEqual([]);
});

test('attribute filters: terms with their counts, chosen in the address, combined with the other filters', async ({ page }) => {
  const errors = watchErrors(page);
  let loaded = hydrated(page);
  await page.goto('/produkt-kategorie/kueche/');
  await loaded;
  const count = async () => Number((await page.locator('.listing__count').innerText()).replace(/\D/g, ''));
  const all = await count();
  const filters = page.getByRole('form', { name: 'Filter' });
  const colour = filters.getByRole('group', { name: 'Farbe' });
  const white = colour.getByRole('checkbox', { name: /Weiß/ });
  const whiteCount = Number((await white.locator('xpath=..').locator('.count').innerText()).replace(/\D/g, ''));
  expect(whiteCount).toBeGreaterThan(0);
  expect(whiteCount).toBeLessThan(all);
  await white.check();
  loaded = hydrated(page);
  await filters.getByRole('button', { name: 'Filtern' }).click();
  await loaded;
  await expect(page).toHaveURL(/\/produkt-kategorie\/kueche\/\?filter_farbe=weiss$/);
  expect(await count()).toBe(whiteCount);
  await expect(
    page.getByRole('form', { name: 'Filter' }).getByRole('group', { name: 'Farbe' }).getByRole('checkbox', { name: /Weiß/ }),
  ).toBeChecked();
  // A second colour widens the choice (any of them); the form without scripts sends the same.
  loaded = hydrated(page);
  await page.goto('/produkt-kategorie/kueche/?filter_farbe=weiss&filter_farbe=schwarz');
  await loaded;
  expect(await count()).toBeGreaterThanOrEqual(whiteCount);
  await expect(page.getByRole('navigation', { name: 'Seiten' }).or(page.locator('.listing__toolbar'))).toBeVisible();
  expect(errors).toEqual([]);
});

test('on phones and small tablets the filters open in a drawer from the toolbar', async ({ page }) => {
  const loaded = hydrated(page);
  await page.goto('/shop/');
  await loaded;
  const link = page.locator('.listing__toolbar').getByRole('link', { name: 'Filter' });
  if ((page.viewportSize()?.width ?? 1280) > 767) {
    await expect(link).toBeHidden();
    return;
  }
  await link.click();
  const drawer = page.getByRole('dialog', { name: 'Filter' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('checkbox', { name: /Nur Angebote/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(link).toBeFocused();
  // Chosen in the drawer, applied like the sidebar's form.
  await link.click();
  await drawer.getByRole('checkbox', { name: /Nur Angebote/ }).check();
  const applied = hydrated(page);
  await drawer.getByRole('button', { name: 'Filtern' }).click();
  await applied;
  await expect(page).toHaveURL(/\/shop\/\?sale=1$/);
});
