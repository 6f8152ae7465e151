import { expect, test } from './fixtures';
import { hydrated, watchErrors } from './helpers';

test('German product search: a word form finds the product, no results are said in German with where to go on', async ({ page }) => {
  const errors = watchErrors(page);
  const loaded = hydrated(page);
  await page.goto('/shop/');
  await loaded;
  const field = page.getByLabel('Produkte durchsuchen');
  // The singular finds "… 3 Tassen" (German stems), and the form works as a plain GET form.
  await field.fill('Tasse');
  const searched = hydrated(page);
  await field.press('Enter');
  await searched;
  await expect(page).toHaveURL(/\/shop\/\?s=Tasse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suchergebnisse für „Tasse“');
  await expect(page.getByRole('link', { name: /Espressokocher Alu 3 Tassen/ }).first()).toBeVisible();
  await expect(page.getByLabel('Produkte durchsuchen')).toHaveValue('Tasse');

  // Umlauts may be typed without their dots.
  const folded = hydrated(page);
  await page.goto('/shop/?s=Espressokocher+alu');
  await folded;
  await expect(page.getByRole('link', { name: /Espressokocher Alu 3 Tassen/ }).first()).toBeVisible();

  const none = hydrated(page);
  await page.goto('/shop/?s=Xylofonzauber');
  await none;
  const status = page.getByRole('status').filter({ hasText: 'Keine Treffer' });
  await expect(status).toContainText('Keine Treffer für „Xylofonzauber“.');
  await expect(status.getByRole('link').first()).toBeVisible();
  // Search pages are for people, not for search engines, and not kept in the page cache.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const res = await page.request.get('/shop/?s=Xylofonzauber');
  expect(res.headers()['x-cache']).toBeUndefined();
  expect(errors).toEqual([]);
});

test('header search: suggestions while typing, chosen with the arrow keys or the mouse, all results last; a plain form without scripts', async ({
  page,
  browser,
}) => {
  const errors = watchErrors(page);
  const loaded = hydrated(page);
  await page.goto('/');
  await loaded;
  // Where the menu is collapsed, the search comes with it.
  const collapsed = await page.getByRole('button', { name: 'Menü', exact: true }).isVisible();
  const openMenu = async () => {
    if (collapsed) await page.getByRole('button', { name: 'Menü', exact: true }).click();
  };
  await openMenu();
  const field = page.getByRole('combobox', { name: 'Im Shop suchen' });
  await expect(field).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  // One letter asks for nothing; two do (German stems: "Tass" finds the "3 Tassen").
  await field.fill('T');
  await page.waitForTimeout(400);
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await field.fill('Tass');
  const list = page.getByRole('listbox', { name: 'Vorschläge' });
  await expect(list).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  const espresso = list.getByRole('option', { name: /Espressokocher Alu 3 Tassen/ });
  await expect(espresso).toBeVisible();
  await expect(espresso).toContainText('€');
  const options = list.getByRole('option');
  const count = await options.count();
  await expect(options.last()).toHaveText('Alle Ergebnisse für „Tass“ anzeigen');
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Vorschl' })).toHaveText(
    `${count - 1} ${count - 1 === 1 ? 'Vorschlag' : 'Vorschläge'} – mit den Pfeiltasten wählen`,
  );
  // The suggestions stay inside the viewport.
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  // Up from the field reaches "all results"; Escape closes the list and keeps the text.
  await field.press('ArrowUp');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await options.last().getAttribute('id'))!);
  await field.press('Escape');
  await expect(list).toBeHidden();
  await expect(field).toHaveValue('Tass');
  // Down opens it again; Down once more and Enter open the first product.
  await field.press('ArrowDown');
  await expect(list).toBeVisible();
  await field.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const firstName = (await options.first().locator('.header-search__name').textContent())!;
  const opened = hydrated(page);
  await field.press('Enter');
  await opened;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName);

  // A click on "all results" opens the search page. A word finds the compounds it ends
  // („Mühle“: the hand grinders), typed with a foreign keyboard's ue too.
  await openMenu();
  const field2 = page.getByRole('combobox', { name: 'Im Shop suchen' });
  await field2.fill('Muehle');
  await expect(
    page
      .getByRole('listbox', { name: 'Vorschläge' })
      .getByRole('option', { name: /Handmühle/ })
      .first(),
  ).toBeVisible();
  const results = hydrated(page);
  await page.getByRole('option', { name: 'Alle Ergebnisse für „Muehle“ anzeigen' }).click();
  await results;
  await expect(page).toHaveURL(/\/shop\/\?s=Muehle$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suchergebnisse für „Muehle“');
  await expect(page.getByRole('link', { name: /Elektrische Kegelmühle/ }).first()).toBeVisible();

  // Nothing found: said, and the search can still be sent.
  await openMenu();
  const field3 = page.getByRole('combobox', { name: 'Im Shop suchen' });
  await field3.fill('Xylofonzauber');
  await expect(page.getByRole('option', { name: 'Keine Vorschläge für „Xylofonzauber“ – trotzdem suchen' })).toBeVisible();
  // Leaving the field closes the list.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('listbox', { name: 'Vorschläge' })).toBeHidden();
  expect(errors).toEqual([]);

  // Without scripts the field is a plain GET form to the search page.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize()! });
  const plain = await context.newPage();
  // (Without scripts the collapsed menu cannot open: there the shop page's own search serves.)
  await plain.goto(new URL(collapsed ? '/shop/' : '/', page.url()).href);
  const plainField = plain.getByLabel(collapsed ? 'Produkte durchsuchen' : 'Im Shop suchen');
  await plainField.fill('Tasse');
  await plainField.press('Enter');
  await expect(plain).toHaveURL(/\/shop\/\?s=Tasse$/);
  await expect(plain.getByRole('link', { name: /Espressokocher Alu 3 Tassen/ }).first()).toBeVisible();
  await context.close();
});
