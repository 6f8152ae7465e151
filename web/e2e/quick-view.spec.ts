import { expect, test } from './fixtures';
import { hydrated, setSettings, watchErrors, type StoreProduct } from './helpers';

async function variableTea(request: import('@playwright/test').APIRequestContext): Promise<StoreProduct> {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as StoreProduct[];
  return list.find((p) => p.type === 'variable' && p.is_in_stock)!;
}

test('quick view: opened from its button, a focus-trapping dialog, created once and reopened', async ({ page, request }) => {
  const errors = watchErrors(page);
  const product = await variableTea(request);
  await Promise.all([hydrated(page), page.goto('/shop/?orderby=title&per_page=100')]);
  const opener = page.getByRole('button', { name: `Schnellansicht: ${product.name}` });
  await opener.scrollIntoViewIfNeeded();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: product.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: product.name })).toBeVisible();
  // Focus is inside the dialog, and Tab keeps it there.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }

  // The quick-view quantity: '-' never below 1, '+' adds 1, typing is copied into the native field.
  const qty = dialog.getByRole('spinbutton', { name: 'Menge' });
  const native = dialog.locator('input[name="quantity"]');
  await dialog.getByRole('button', { name: 'Menge verringern' }).click();
  await expect(qty).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Menge erhöhen' }).click();
  await expect(qty).toHaveValue('2');
  await expect(native).toHaveValue('2');
  await qty.fill('3');
  await expect(native).toHaveValue('3');
  await dialog.getByRole('button', { name: 'Menge verringern' }).click();
  await expect(native).toHaveValue('2');

  // Choose an in-stock variation and add it: the header count follows without a reload.
  const data = (await (await request.get(`/wp-json/laden/v1/products/${product.id}/quick-view`)).json()) as {
    variations: Array<{ is_in_stock: boolean; attributes: Record<string, string> }>;
  };
  const choice = data.variations.find((v) => v.is_in_stock)!;
  for (const [name, value] of Object.entries(choice.attributes)) {
    if (value) await dialog.getByLabel(name, { exact: true }).selectOption(value);
  }
  await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();
  // Said through the dialog's own live region (the page behind a modal dialog is inert).
  await expect(dialog.locator('[data-announce="polite"]')).toContainText('wurde Ihrem Warenkorb hinzugefügt');
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // The lightbox opens above the dialog; Escape closes the lightbox first, the dialog stays.
  await dialog.getByRole('button', { name: 'Bild im Vollbild öffnen' }).click();
  const pswp = page.locator('.pswp');
  await expect(pswp).toBeVisible();
  await expect(pswp.locator('.pswp__img').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pswp).toHaveCount(0);
  await expect(dialog).toBeVisible();

  // Escape closes it and focus returns to the opener; reopening shows the same element.
  await dialog.evaluate((d) => d.setAttribute('data-marker', 'first'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-marker', 'first');
  await expect(page.locator(`dialog[data-quick-view="${product.id}"]`)).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test('quick view: where a listing has no button, the title opens it and does not navigate', async ({ page }) => {
  await Promise.all([hydrated(page), page.goto('/')]);
  const card = page.locator('.product-grid .product-card').first();
  const name = (await card.locator('h3').textContent())!;
  await card.locator('h3').click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('quick view: a chunk that fails to load shows a German error with a retry', async ({ page, request }) => {
  const product = await variableTea(request);
  await Promise.all([hydrated(page), page.goto('/shop/?orderby=title&per_page=100')]);
  await page.route(/QuickViewDialog-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.getByRole('button', { name: `Schnellansicht: ${product.name}` }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Ein Teil dieser Seite konnte nicht geladen werden' });
  await expect(alert).toBeVisible();
  await page.unroute(/QuickViewDialog-[\w-]+\.js$/);
  await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('dialog', { name: product.name })).toBeVisible();
});

test('quantity spinner on the product page: steps, clamps at 1, repeats while held', async ({ page, request }) => {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as Array<
    StoreProduct & { add_to_cart: { maximum: number } }
  >;
  const simple = list.find((p) => p.type === 'simple' && p.is_in_stock && p.add_to_cart.maximum > 40)!;
  await Promise.all([hydrated(page), page.goto(new URL(simple.permalink).pathname)]);
  const qty = page.getByRole('spinbutton', { name: 'Menge' });
  const minus = page.getByRole('button', { name: 'Menge verringern' });
  const plus = page.getByRole('button', { name: 'Menge erhöhen' });
  await minus.click();
  await expect(qty).toHaveValue('1');
  await plus.click();
  await expect(qty).toHaveValue('2');
  await qty.fill('abc');
  await qty.blur();
  await expect(qty).toHaveValue('');
  await qty.fill('1.000');
  await qty.blur();
  await expect(qty).toHaveValue(String(simple.add_to_cart.maximum >= 1000 ? 1000 : simple.add_to_cart.maximum));
  await qty.fill('1');
  // Held for 2 s: one step, then after 500 ms one every 100 ms (≈ 15), growing after 10 repeats.
  // hover() waits until the button stands still (the sticky summary settles after scrolling).
  await plus.hover();
  await page.mouse.down();
  await page.waitForTimeout(2000);
  await page.mouse.up();
  const held = Number(await qty.inputValue());
  expect(held).toBeGreaterThanOrEqual(12);
  await page.waitForTimeout(300);
  expect(Number(await qty.inputValue())).toBe(held);
});

test('quantity spinner: the held step grows only up to data-step-max; the theme switch turns the spinner off', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as Array<
    StoreProduct & { add_to_cart: { maximum: number } }
  >;
  const simple = list.find((p) => p.type === 'simple' && p.is_in_stock && p.add_to_cart.maximum > 80)!;
  const path = new URL(simple.permalink).pathname;
  const before = await setSettings(request, { laden_quantity_step_max: 2 });
  try {
    // The server-rendered markup carries the limit.
    expect(await (await request.get(path)).text()).toMatch(/role="spinbutton"[^>]*data-step-max="2"/);
    await Promise.all([hydrated(page), page.goto(path)]);
    const qty = page.getByRole('spinbutton', { name: 'Menge' });
    await expect(qty).toHaveAttribute('data-step-max', '2');
    // Every value the field is given while '+' is held for 3 s (≈ 25 repeats; unbounded, the step
    // would reach 1.1^15 ≈ 4): each write of its value is recorded, through the setter React's own
    // value tracking put on the element (sampling once a frame missed steps on a busy machine).
    await qty.evaluate((input: HTMLInputElement) => {
      const seen: string[] = [input.value];
      (window as unknown as { seen: string[] }).seen = seen;
      const own = Object.getOwnPropertyDescriptor(input, 'value') ?? Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
      Object.defineProperty(input, 'value', {
        configurable: true,
        enumerable: own.enumerable ?? false,
        get(this: HTMLInputElement) {
          return own.get!.call(this) as string;
        },
        set(this: HTMLInputElement, v: string) {
          own.set!.call(this, v);
          if (seen[seen.length - 1] !== String(v)) seen.push(String(v));
        },
      });
    });
    const plus = page.getByRole('button', { name: 'Menge erhöhen' });
    // hover() scrolls to the button and waits until it stands still (the sticky summary settles after scrolling).
    await plus.hover();
    await page.mouse.down();
    await page.waitForTimeout(3000);
    await page.mouse.up();
    const seen = (await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).map(Number);
    const steps = seen.slice(1).map((v, i) => v - seen[i]!);
    expect(seen.length).toBeGreaterThan(18);
    expect(Math.max(...steps)).toBe(2);
    expect(steps.filter((s) => s === 2).length).toBeGreaterThan(3);

    // Switch '0': a plain number field, no '-' and '+'.
    await setSettings(request, { laden_quantity_field: '0' });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Menge erhöhen' })).toHaveCount(0);
    await expect(page.locator('input[name="quantity"]')).toHaveAttribute('type', 'number');
  } finally {
    await setSettings(request, { ...before, laden_quantity_field: null });
  }
});
