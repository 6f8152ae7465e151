import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { hydrated, type StoreProduct } from './helpers';

// Reflow and text zoom (issue 28 §5), shared by reflow-320.spec.ts (no page scrolls sideways at
// 320 CSS px, WCAG 1.4.10: what a 1280 px window shows at 400 % zoom; run by the mobile project)
// and text-zoom.spec.ts (nor with its text at 200 %, 1.4.4; run by the desktop project, text size
// being a desktop setting). Each runs in one project only (playwright.config.ts). Target sizes
// (2.5.8) are part of the axe audit (accessibility.spec.ts, rule target-size).

/** What sticks out past the window's right edge: '' when nothing does, else the widest elements. */
export async function overflow(page: Page): Promise<string> {
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

/** What sticks out at 320 CSS px wide (WCAG 1.4.10) on the page as it stands; the window's size is restored. */
export async function overflowAt320(page: Page): Promise<string> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: size?.height ?? 640 });
  try {
    return await overflow(page);
  } finally {
    if (size) await page.setViewportSize(size);
  }
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
export async function everyPage(page: Page, check: (what: string) => Promise<void>): Promise<void> {
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
