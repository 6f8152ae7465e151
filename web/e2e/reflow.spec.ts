import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hydrated, type StoreProduct } from './helpers';

// Reflow and text zoom (issue 28 §5): no page scrolls sideways at 320 CSS px (WCAG 1.4.10, what
// a 1280 px window shows at 400 % zoom) nor with its text at 200 % (1.4.4). Target sizes
// (2.5.8) are part of the axe audit (accessibility.spec.ts, rule target-size).

/** What sticks out past the window's right edge: '' when nothing does, else the widest elements. */
async function overflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.documentElement;
    // One pixel is subpixel rounding (a box ending at 1280.4 px), not a page to scroll.
    if (root.scrollWidth <= root.clientWidth + 1) return '';
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      // Only the outermost: its children are counted with it.
      .filter((el, _, all) => !all.some((o) => o !== el && o.contains(el)))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (right ${Math.round(el.getBoundingClientRect().right)})`);
    return `scrollWidth ${root.scrollWidth} > ${root.clientWidth}: ${wide.join(', ')}`;
  });
}

async function pages(page: Page): Promise<Array<[string, string]>> {
  const list = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as StoreProduct[];
  const variable = list.find((p) => p.type === 'variable' && p.is_in_stock)!;
  const grouped = list.find((p) => p.type === 'grouped');
  const categories = (await (await page.request.get('/wp-json/wc/store/v1/products/categories')).json()) as Array<{
    slug: string;
    count: number;
  }>;
  return [
    ['home', '/'],
    ['shop', '/shop/'],
    ['category', `/produkt-kategorie/${categories.find((c) => c.count > 3)!.slug}/`],
    ['search', '/shop/?s=Kaffeemühle'],
    ['product with variations', new URL(variable.permalink).pathname],
    ...(grouped ? [['grouped product', new URL(grouped.permalink).pathname] as [string, string]] : []),
    ['cart', '/warenkorb/'],
    ['checkout', '/kasse/'],
    ['terms', '/agb/'],
    ['withdrawal form', '/vertrag-widerrufen/'],
    ['account', '/mein-konto/'],
    ['not found', '/gibt-es-nicht/'],
  ];
}

/** Every page type with something in the cart (so cart and checkout show their tables). */
async function everyPage(page: Page, check: (what: string) => Promise<void>): Promise<void> {
  const list = await pages(page);
  const [simple] = (await (await page.request.get('/wp-json/wc/store/v1/products?sku=LAD-1004')).json()) as StoreProduct[];
  await Promise.all([hydrated(page), page.goto(new URL(simple!.permalink).pathname)]);
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  for (const [what, path] of list) {
    if (what === 'account' || what === 'not found') await page.goto(path);
    else await Promise.all([hydrated(page), page.goto(path)]);
    await check(what);
  }
}

test('no page scrolls sideways at 320 CSS px', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile-375', 'one band: the width is set here');
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 640 });
  const found: string[] = [];
  await everyPage(page, async (what) => {
    const o = await overflow(page);
    if (o) found.push(`${what}: ${o}`);
    // The open menu and the mini cart reflow too.
    if (what === 'home') {
      await page.getByRole('button', { name: 'Menü', exact: true }).click();
      const m = await overflow(page);
      if (m) found.push(`menu open: ${m}`);
      await page.getByRole('button', { name: 'Menü', exact: true }).click();
    }
  });
  expect(found, found.join('\n')).toEqual([]);
});

test('no page scrolls sideways with its text at 200 %', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop-1280', 'one band: text zoom is a desktop setting');
  test.setTimeout(120_000);
  const found: string[] = [];
  // The browser's text size setting: the root font size doubled (every rem and em with it) before
  // the page's own scripts measure anything.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const zoom = document.createElement('style');
      zoom.textContent = 'html { font-size: 200% !important; }';
      document.head.append(zoom);
    }),
  );
  await everyPage(page, async (what) => {
    const size = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    expect(size, `${what}: text at 200 %`).toBeGreaterThanOrEqual(31);
    const o = await overflow(page);
    if (o) found.push(`${what}: ${o}`);
  });
  expect(found, found.join('\n')).toEqual([]);
});
