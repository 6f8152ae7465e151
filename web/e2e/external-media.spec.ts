import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { audit, hydrated, productWithGallery, publishPage } from './helpers';

/**
 * Videos of other sites (German legal list 11, the two-click solution): nothing is fetched from
 * YouTube or Vimeo until the visitor presses „Video laden“; then the player loads and has the focus.
 */

/** Every request the page makes to YouTube or Vimeo, answered here with an empty player page (the machine is offline). */
function thirdPartyRequests(page: Page): Promise<string[]> {
  const seen: string[] = [];
  return page
    .route(/^https:\/\/(www\.youtube(-nocookie)?\.com|player\.vimeo\.com)\//, async (route) => {
      seen.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title>' });
    })
    .then(() => seen);
}

test('a page-builder video of YouTube loads only on the click, the player then focused', async ({ page, request }, info) => {
  const band = info.project.name;
  const { path } = await publishPage(request, `Rundgang ${band}`, `rundgang-${band}`, [
    { type: 'heading', text: 'Ein Tag in der Rösterei', level: 1 },
    { type: 'video', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', title: 'Rundgang durch die Rösterei' },
  ]);

  const requests = await thirdPartyRequests(page);
  await Promise.all([hydrated(page), page.goto(path)]);
  const notice = page.getByRole('group', { name: 'Rundgang durch die Rösterei' });
  await expect(notice).toContainText('Beim Laden des Videos werden Daten an YouTube übertragen, etwa Ihre IP-Adresse.');
  await expect(notice.getByRole('link', { name: 'Datenschutzerklärung von YouTube' })).toHaveAttribute(
    'href',
    'https://policies.google.com/privacy',
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await audit(page, 'video notice')).toEqual([]);
  expect(requests).toEqual([]);

  // By keyboard: the button loads the player, which takes the focus.
  await notice.getByRole('button', { name: 'Video laden' }).focus();
  await page.keyboard.press('Enter');
  const player = page.locator('iframe[title="Rundgang durch die Rösterei"]');
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(player).toBeFocused();
  await expect.poll(() => requests.length).toBeGreaterThan(0);

  // The choice holds for this view only: the next visit asks again.
  await Promise.all([hydrated(page), page.reload()]);
  await expect(page.getByRole('button', { name: 'Video laden' })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test("a product gallery's YouTube slide and its lightbox slide wait for the click", async ({ page, request }) => {
  const product = await productWithGallery(request, (g) => g.some((s) => s.type === 'iframe') && g[0]?.type === 'image');
  const requests = await thirdPartyRequests(page);
  await Promise.all([hydrated(page), page.goto(product.path)]);
  await expect(page.locator('iframe')).toHaveCount(0);

  // In the lightbox, reached from the first image: the video's notice, its button loads the player.
  await page.getByRole('button', { name: 'Bild im Vollbild öffnen' }).click();
  const pswp = page.locator('.pswp');
  // Its arrow keys work once it is open.
  await expect(pswp).toHaveAttribute('data-ready', '');
  const iframeIndex = product.gallery.findIndex((s) => s.type === 'iframe');
  for (let i = 0; i < iframeIndex; i++) await page.keyboard.press('ArrowRight');
  await expect(pswp.locator('.pswp__counter')).toHaveText(`${iframeIndex + 1} / ${product.gallery.length}`);
  const lightboxNotice = pswp.getByRole('group', { name: product.product.name, exact: true });
  await expect(lightboxNotice).toContainText('Daten an YouTube übertragen');
  await expect(pswp.locator('iframe')).toHaveCount(0);
  expect(requests).toEqual([]);
  await lightboxNotice.getByRole('button', { name: 'Video laden' }).click();
  await expect(pswp.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  await expect(pswp.locator('iframe')).toBeFocused();
  // The player has the focus, and keys pressed in it are the other site's (Escape included): the
  // lightbox is closed with its button.
  await pswp.getByRole('button', { name: 'Schließen' }).click();
  await expect(pswp).toHaveCount(0);

  // In the gallery itself: the slide shows the notice until its button is pressed.
  await page.getByRole('button', { name: `Bild ${iframeIndex + 1} anzeigen` }).click();
  const notice = page.locator('.gallery__slide--iframe').getByRole('group', { name: `Video: ${product.product.name}` });
  await expect(notice).toBeVisible();
  await expect(page.locator('.gallery iframe')).toHaveCount(0);
  expect(await audit(page, 'gallery video notice')).toEqual([]);
  await notice.getByRole('button', { name: 'Video laden' }).click();
  const player = page.locator('.gallery__slide--iframe iframe');
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  await expect(player).toBeFocused();
});
