import { expect, test } from './fixtures';
import { type Locator, type Page } from '@playwright/test';
import { hydrated, productWithGallery, setSettings, watchErrors } from './helpers';

/** Thumbnails whose box lies inside the thumbnail viewport. */
async function visibleThumbs(page: Page): Promise<number> {
  return page.locator('.gallery__thumbs').evaluate((viewport) => {
    const v = viewport.getBoundingClientRect();
    return [...viewport.querySelectorAll('.gallery__thumb')].filter((t) => {
      const r = t.getBoundingClientRect();
      return r.left >= v.left - 1 && r.right <= v.right + 1 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1 && r.width > 0;
    }).length;
  });
}

const activeIndex = (gallery: Locator) => gallery.getAttribute('data-active').then(Number);

test('gallery thumbnails: 7 visible, 5 when vertical; one step at a time; no loop', async ({ page, request }) => {
  const errors = watchErrors(page);
  const long = await productWithGallery(request, (g) => g.length >= 9);
  await Promise.all([hydrated(page), page.goto(long.path)]);
  const gallery = page.locator('.gallery').first();
  await expect(page.locator('.gallery__thumb')).toHaveCount(long.gallery.length);
  expect(await visibleThumbs(page)).toBe(7);
  // Choosing the 8th thumbnail shows slide 8 and brings its thumbnail into view.
  await page.getByRole('button', { name: 'Bild 8 anzeigen' }).click();
  await expect.poll(() => activeIndex(gallery)).toBe(7);
  await expect(page.getByRole('button', { name: 'Bild 8 anzeigen' })).toHaveAttribute('aria-pressed', 'true');
  // No loop: at the last slide the thumbnails end with the last one, still 7 in view.
  await page.getByRole('button', { name: `Bild ${long.gallery.length} anzeigen` }).click();
  await expect.poll(() => activeIndex(gallery)).toBe(long.gallery.length - 1);
  await expect.poll(() => visibleThumbs(page)).toBe(7);
  await expect(page.getByRole('button', { name: `Bild ${long.gallery.length - 6} anzeigen` })).toBeInViewport();

  const before = await setSettings(request, { laden_gallery_vertical: true });
  try {
    await Promise.all([hydrated(page), page.goto(long.path)]);
    await expect(page.locator('.gallery--vertical')).toBeVisible();
    await expect.poll(() => visibleThumbs(page)).toBe(5);
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('a thumbnail chosen before the carousel code arrives is the slide shown once it runs', async ({ page, request }) => {
  const long = await productWithGallery(request, (g) => g.length >= 4);
  // embla's code is held back until the choice is made.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/embla-carousel\.esm-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await Promise.all([hydrated(page), page.goto(long.path)]);
  const gallery = page.locator('.gallery').first();
  await page.getByRole('button', { name: 'Bild 3 anzeigen' }).click();
  release();
  await expect.poll(() => activeIndex(gallery)).toBe(2);
  // Longer than the variation-media swap (50 ms) and a few frames: still on slide 3.
  await page.waitForTimeout(400);
  expect(await activeIndex(gallery)).toBe(2);
  await expect(page.getByRole('button', { name: 'Bild 3 anzeigen' })).toHaveAttribute('aria-pressed', 'true');
});

test('lightbox: opens from the trigger or the image with the large image; hidden on iframe slides; off by setting', async ({
  page,
  request,
}) => {
  const withIframe = await productWithGallery(request, (g) => g.some((s) => s.type === 'iframe') && g[0]?.type === 'image');
  await Promise.all([hydrated(page), page.goto(withIframe.path)]);
  const trigger = page.getByRole('button', { name: 'Bild im Vollbild öffnen' });
  await expect(trigger).toBeVisible();
  await trigger.click();
  const pswp = page.locator('.pswp');
  await expect(pswp).toBeVisible();
  await expect(pswp.locator('.pswp__img').first()).toHaveAttribute('src', /\/uploads\//);
  await page.keyboard.press('Escape');
  await expect(pswp).toHaveCount(0);
  await page.locator('.gallery__slide--image img').first().click();
  // Escape as soon as it shows, still during the 250 ms opening animation.
  await expect(pswp).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pswp).toHaveCount(0);
  const iframeIndex = withIframe.gallery.findIndex((s) => s.type === 'iframe');
  await page.getByRole('button', { name: `Bild ${iframeIndex + 1} anzeigen` }).click();
  await expect(trigger).toBeHidden();
  await page.getByRole('button', { name: 'Bild 1 anzeigen' }).click();
  await expect(trigger).toBeVisible();

  const before = await setSettings(request, { laden_shop_lightbox: false });
  try {
    await Promise.all([hydrated(page), page.goto(withIframe.path)]);
    await expect(page.locator('.gallery__slide--image img').first()).toBeVisible();
    await expect(trigger).toHaveCount(0);
    await page.locator('.gallery__slide--image img').first().click();
    await expect(pswp).toHaveCount(0);
  } finally {
    await setSettings(request, before);
  }
});

test('zoom only where the large image is wider than the gallery', async ({ page, request }) => {
  const product = await productWithGallery(request, (g) => g[0]?.type === 'image');
  await Promise.all([hydrated(page), page.goto(product.path)]);
  const slide = page.locator('.gallery__slide--image').first();
  const width = await slide.evaluate((el) => el.clientWidth);
  const large = product.gallery[0]!.image!.large.width;
  await expect(slide).toHaveAttribute('data-zoom', large > width ? 'on' : 'off');
  // A gallery made wider than the image switches zoom off.
  await page
    .locator('.gallery')
    .first()
    .evaluate((g, w) => ((g as HTMLElement).style.width = `${w + 200}px`), large);
  await expect(slide).toHaveAttribute('data-zoom', 'off');
});

test('video slides: the play icon toggles; changing slide pauses', async ({ page, request }) => {
  const withVideo = await productWithGallery(request, (g) => g.some((s) => s.type === 'video'));
  await Promise.all([hydrated(page), page.goto(withVideo.path)]);
  const index = withVideo.gallery.findIndex((s) => s.type === 'video');
  await page.getByRole('button', { name: `Bild ${index + 1} anzeigen` }).click();
  const video = page.locator('.gallery__slide--video video').first();
  await page.getByRole('button', { name: 'Video abspielen' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await expect(page.getByRole('button', { name: 'Video anhalten' })).toBeVisible();
  await page.getByRole('button', { name: 'Video anhalten' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.getByRole('button', { name: 'Video abspielen' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await page.getByRole('button', { name: `Bild ${index === 0 ? 2 : 1} anzeigen` }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test('a video marked autoplay starts when its slide becomes active, and pauses when it is left', async ({ page, request }) => {
  const auto = await productWithGallery(request, (g) => g.some((s) => s.type === 'video' && s.autoplay === true));
  await Promise.all([hydrated(page), page.goto(auto.path)]);
  const index = auto.gallery.findIndex((s) => s.type === 'video' && s.autoplay === true);
  const video = page.locator('.gallery__slide--video video').first();
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.getByRole('button', { name: `Bild ${index + 1} anzeigen` }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await expect(page.getByRole('button', { name: 'Video anhalten' })).toBeVisible();
  await page.getByRole('button', { name: 'Bild 1 anzeigen' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test('reviews: arriving with the hash opens the tab; the rating link opens it and scrolls below the header', async ({ page, request }) => {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as Array<{
    permalink: string;
    review_count: number;
  }>;
  const reviewed = list.find((p) => p.review_count > 0)!;
  const path = new URL(reviewed.permalink).pathname;
  await Promise.all([hydrated(page), page.goto(`${path}#laden-wc-header-reviews`)]);
  await expect(page.getByRole('tab', { name: /Bewertungen/ })).toHaveAttribute('aria-selected', 'true');
  await Promise.all([hydrated(page), page.goto(path)]);
  await expect(page.getByRole('tab', { name: /Bewertungen/ })).toHaveAttribute('aria-selected', 'false');
  await page.locator('.product__rating a').click();
  await expect(page.getByRole('tab', { name: /Bewertungen/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#laden-wc-header-reviews$/);
  const header = await page.locator('.site-header').evaluate((h) => (h as HTMLElement).offsetHeight);
  // Smooth scrolling takes 500 ms; then the tab sits header + 50 px below the top (unless the page ends first).
  await page.waitForTimeout(700);
  const [top, atBottom] = await page
    .locator('#laden-wc-header-reviews')
    .evaluate(
      (t) => [t.getBoundingClientRect().top, window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2] as const,
    );
  if (!atBottom) expect(Math.abs(top - (header + 50))).toBeLessThanOrEqual(2);
  else expect(top).toBeGreaterThanOrEqual(header + 50 - 2);
});

test('reviews: no scroll on tablet and mobile when the header behaviour is off there', async ({ page, request }) => {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as Array<{
    permalink: string;
    review_count: number;
  }>;
  const path = new URL(list.find((p) => p.review_count > 0)!.permalink).pathname;
  const before = await setSettings(request, { laden_header_behavior_tablet: false, laden_header_behavior_mobile: false });
  try {
    await Promise.all([hydrated(page), page.goto(path)]);
    await page.locator('.product__rating a').scrollIntoViewIfNeeded();
    const start = await page.evaluate(() => window.scrollY);
    await page.locator('.product__rating a').click();
    await expect(page.getByRole('tab', { name: /Bewertungen/ })).toHaveAttribute('aria-selected', 'true');
    await page.waitForTimeout(700);
    const moved = (await page.evaluate(() => window.scrollY)) !== start;
    expect(moved).toBe(page.viewportSize()!.width > 767.98);
  } finally {
    await setSettings(request, before);
  }
});

test('sticky summary: 50 px from the top going up; its end in view going down when taller than the window', async ({ page, request }) => {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=20')).json()) as Array<{ permalink: string }>;
  await Promise.all([hydrated(page), page.goto(new URL(list[0]!.permalink).pathname)]);
  const column = page.getByTestId('summary-column');
  await expect(column).toHaveCSS('position', 'sticky');
  // Make the summary taller than the window, then scroll down and up.
  await column.evaluate((el) => ((el as HTMLElement).style.minHeight = `${window.innerHeight + 300}px`));
  const [height, windowHeight] = await column.evaluate((el) => [(el as HTMLElement).offsetHeight, window.innerHeight]);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => column.evaluate((el) => (el as HTMLElement).style.top)).toBe(`${windowHeight - height}px`);
  await page.mouse.wheel(0, -200);
  await expect.poll(() => column.evaluate((el) => (el as HTMLElement).style.top)).toBe('50px');
});
