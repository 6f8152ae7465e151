import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { hydrated, type StoreProduct } from './helpers';

interface Variation {
  variation_id: number;
  sku: string;
  is_in_stock: boolean;
  display_price: number;
  display_regular_price: number;
  attributes: Record<string, string>;
  image_id: number;
  image: { large: { src: string } } | null;
}
interface Detail {
  product: { name: string };
  variations: Variation[];
  permalink: string;
}

async function variableProducts(request: import('@playwright/test').APIRequestContext): Promise<Detail[]> {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=100&type=variable')).json()) as StoreProduct[];
  const out: Detail[] = [];
  for (const p of list.filter((x) => x.type === 'variable'))
    out.push((await (await request.get(`/wp-json/laden/v1/products/${p.id}/quick-view`)).json()) as Detail);
  return out;
}

async function choose(page: Page, v: Variation) {
  for (const [name, value] of Object.entries(v.attributes)) if (value) await page.getByLabel(name, { exact: true }).selectOption(value);
}

const sale = (page: Page) => page.getByTestId('badges').getByText('Angebot!');
const out = (page: Page) => page.getByTestId('badges').getByText('Ausverkauft');

test('variation badges follow the spec through every transition', async ({ page, request }) => {
  const all = await variableProducts(request);
  // On load with nothing in stock: out of stock, no sale.
  const soldOut = all.find((d) => d.variations.every((v) => !v.is_in_stock))!;
  await Promise.all([hydrated(page), page.goto(soldOut.permalink)]);
  await expect(out(page)).toBeVisible();
  await expect(sale(page)).toHaveCount(0);

  // A product with variations in and out of stock.
  const mixed = all.find((d) => d.variations.some((v) => v.is_in_stock) && d.variations.some((v) => !v.is_in_stock))!;
  const inStock = mixed.variations.find((v) => v.is_in_stock)!;
  const notInStock = mixed.variations.find((v) => !v.is_in_stock)!;
  await Promise.all([hydrated(page), page.goto(mixed.permalink)]);
  await expect(out(page)).toHaveCount(0);
  await choose(page, inStock);
  await expect(out(page)).toHaveCount(0);
  await expect(sale(page)).toHaveCount(inStock.display_price !== inStock.display_regular_price ? 1 : 0);
  await expect(page.locator('.product__meta span')).toHaveText(inStock.sku);
  await choose(page, notInStock);
  await expect(out(page)).toBeVisible();
  await expect(sale(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'In den Warenkorb' })).toBeDisabled();
  // Clearing a select hides out-of-stock.
  const first = Object.keys(notInStock.attributes)[0]!;
  await page.getByLabel(first, { exact: true }).selectOption('');
  await expect(out(page)).toHaveCount(0);
});

test('the chosen variation is kept in the URL and a shared URL renders in that state', async ({ page, request }) => {
  const all = await variableProducts(request);
  const d = all.find((x) => x.variations.filter((v) => v.is_in_stock).length >= 2)!;
  const v = d.variations.filter((x) => x.is_in_stock)[1]!;
  await Promise.all([hydrated(page), page.goto(d.permalink)]);
  await choose(page, v);
  await expect(page).toHaveURL(/attribute_/);
  const shared = page.url();
  // The server renders the shared URL with the choice made: its SKU and selected options are in the HTML.
  const html = await (await request.get(shared)).text();
  expect(html).toContain(`<span>${v.sku}</span>`);
  await Promise.all([hydrated(page), page.goto(shared)]);
  for (const [name, value] of Object.entries(v.attributes))
    if (value) await expect(page.getByLabel(name, { exact: true })).toHaveValue(value);
  await expect(page.locator('.product__meta span')).toHaveText(v.sku);
  // An unknown option in the URL is ignored.
  const bogus = new URL(shared);
  for (const key of [...bogus.searchParams.keys()]) bogus.searchParams.set(key, 'gibt-es-nicht');
  await Promise.all([hydrated(page), page.goto(bogus.toString())]);
  await expect(page.getByLabel(Object.keys(v.attributes)[0]!, { exact: true })).toHaveValue('');
});

test('the picture follows a partial choice when every matching variation shares it', async ({ page, request }) => {
  const all = (await variableProducts(request)) as Array<Detail & { gallery: Array<{ type: string; image?: { id: number } }> }>;
  let found: { permalink: string; attribute: string; value: string; src: string } | null = null;
  for (const d of all) {
    const firstAttr = Object.keys(d.variations[0]?.attributes ?? {})[0];
    if (!firstAttr || Object.keys(d.variations[0]!.attributes).length < 2) continue;
    for (const value of new Set(d.variations.map((v) => v.attributes[firstAttr]!))) {
      const matches = d.variations.filter((v) => !v.attributes[firstAttr] || v.attributes[firstAttr] === value);
      const id = matches[0]?.image_id ?? 0;
      if (id !== 0 && matches.every((v) => v.image_id === id) && d.gallery[0]?.image?.id !== id) {
        found = { permalink: d.permalink, attribute: firstAttr, value, src: matches[0]!.image!.large.src };
        break;
      }
    }
    if (found) break;
  }
  expect(found, 'the demo has a product whose colour decides the picture').not.toBeNull();
  await Promise.all([hydrated(page), page.goto(found!.permalink)]);
  await page.getByLabel(found!.attribute, { exact: true }).selectOption(found!.value);
  await expect(page.locator('.gallery__slide').first().locator('img')).toHaveAttribute('src', found!.src);
});
