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
