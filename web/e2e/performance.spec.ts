import { expect, test } from './fixtures';
import { hydrated, productWithGallery, watchErrors } from './helpers';

// What makes the first paint fast (issue 11): only the page's own code, the largest image
// preloaded as WebP, images sized and lazy below the fold.

/** Script files the page fetched. */
const scripts = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((r) => r.name)
      .filter((n) => n.endsWith('.js'))
      .map((n) => n.split('/').pop() ?? ''),
  );

test('a product page loads its own code, preloads its first image as WebP and sizes every image', async ({ page, request }) => {
  const errors = watchErrors(page);
  const product = await productWithGallery(request, (g) => g.length >= 2 && g[0]?.type === 'image');
  await Promise.all([hydrated(page), page.goto(product.path)]);

  // The first gallery image: preloaded with high priority (WebP), and the one the browser shows.
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  await expect(preload).toHaveAttribute('type', 'image/webp');
  expect(await preload.getAttribute('imagesrcset')).toMatch(/\.webp \d+w/);
  const first = page.locator('.gallery__slide--image img').first();
  // The same sizes as the image, or the browser would fetch another file than the preloaded one.
  expect(await preload.getAttribute('imagesizes')).toBe(await first.getAttribute('sizes'));
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
  await expect(page.locator('.gallery__slide--image picture source[type="image/webp"]').first()).toHaveAttribute('srcset', /\.webp \d+w/);

  // Every image has its size (no layout shift), and those after the first slide wait until needed.
  const sizes = await page.locator('main img').evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('width'), i.getAttribute('height')]));
  expect(sizes.length).toBeGreaterThan(1);
  for (const [w, h] of sizes) expect(Number(w) > 0 && Number(h) > 0).toBe(true);
  const lazy = await page.locator('.gallery__slide--image img').evaluateAll((imgs) => imgs.slice(1).map((i) => i.getAttribute('loading')));
  expect(lazy.every((l) => l === 'lazy')).toBe(true);

  // The route's own chunk is preloaded; the checkout's and the page builder's code are not fetched.
  await expect(page.locator('head link[rel="modulepreload"][href*="/product-"]')).toHaveCount(1);
  const fetched = await scripts(page);
  expect(fetched.some((f) => f.startsWith('product-'))).toBe(true);
  for (const other of ['checkout-', 'PageContent-', 'AdminScreens-', 'withdrawal-']) {
    expect(
      fetched.filter((f) => f.startsWith(other)),
      other,
    ).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("the app's code is asked for only after the page is first painted, then hydrates it", async ({ page }) => {
  for (const path of ['/', '/produkt-kategorie/kaffee/', '/kasse/']) {
    await Promise.all([hydrated(page), page.goto(path)]);
    const timings = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/[^/]+\.js$/.test(r.name))
        .map((r) => [r.name.split('/').pop() ?? '', r.startTime] as const),
    }));
    expect(timings.paint, path).toBeGreaterThan(0);
    expect(timings.scripts.length, path).toBeGreaterThan(1);
    for (const [name, start] of timings.scripts) expect(start, `${path} ${name}`).toBeGreaterThanOrEqual(timings.paint);
  }
});

test('the checkout loads its code, and a content page the page builder with its styles', async ({ page }) => {
  const errors = watchErrors(page);
  await Promise.all([hydrated(page), page.goto('/kasse/')]);
  expect((await scripts(page)).some((f) => f.startsWith('checkout-'))).toBe(true);
  expect((await scripts(page)).filter((f) => f.startsWith('PageContent-') || f.startsWith('product-'))).toEqual([]);
  await Promise.all([hydrated(page), page.goto('/')]);
  const fetched = await scripts(page);
  expect(fetched.some((f) => f.startsWith('home-'))).toBe(true);
  expect(fetched.filter((f) => f.startsWith('checkout-'))).toEqual([]);
  // The shop's small stylesheet, the page builder's included, is inline in the server's HTML:
  // the first paint waits for no stylesheet request, and nothing shifts when the script runs.
  const links = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? ''),
  );
  expect(links).toEqual([]);
  const inline = await page.locator('head style').evaluateAll((els) => els.map((e) => e.textContent ?? '').join(''));
  expect(inline).toContain('.pb-tabs__list');
  expect(errors).toEqual([]);
});
