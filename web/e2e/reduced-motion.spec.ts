import { expect, test } from './fixtures';
import { hydrated, openMenuLink, productWithGallery } from './helpers';

// A visitor whose system asks for reduced motion (WCAG 2.3.3).
test.use({ reducedMotion: 'reduce' });

test('with reduced motion, in-page links jump at once and the lightbox opens without animation', async ({ page }) => {
  await Promise.all([hydrated(page), page.goto('/')]);
  await openMenuLink(page, 'Angebote');
  // The next frame already shows where the link leads (a smooth scroll takes 500 ms).
  const first = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(window.scrollY))));
  await page.waitForTimeout(700);
  const last = await page.evaluate(() => window.scrollY);
  expect(last).toBeGreaterThan(0);
  expect(first).toBe(last);

  const gallery = await productWithGallery(page.request, (g) => g[0]?.type === 'image');
  await Promise.all([hydrated(page), page.goto(gallery.path)]);
  // From the lightbox's first frame to its end of opening: no 250 ms animation in between.
  await page.evaluate(() => {
    const w = window as unknown as { openedAt?: number; readyAt?: number };
    new MutationObserver(() => {
      const el = document.querySelector('.pswp');
      if (el && w.openedAt === undefined) w.openedAt = performance.now();
      if (el?.hasAttribute('data-ready') && w.readyAt === undefined) w.readyAt = performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Bild im Vollbild öffnen' }).click();
  await expect(page.locator('.pswp[data-ready]')).toBeVisible();
  const took = await page.evaluate(() => {
    const w = window as unknown as { openedAt: number; readyAt: number };
    return w.readyAt - w.openedAt;
  });
  expect(took).toBeLessThan(150);
  await page.keyboard.press('Escape');
  await expect(page.locator('.pswp')).toHaveCount(0);
});
