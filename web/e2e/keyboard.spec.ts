import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hydrated, type StoreProduct } from './helpers';

// A purchase with the keyboard alone (issue 28 §2): Tab, Shift+Tab, Enter, Space, Escape and the
// arrow keys, from the home page to the order received page. After every key the focused element
// is checked: on screen, not hidden under the sticky header (WCAG 2.4.11), with a focus indicator
// of at least 3:1 against what surrounds it (2.4.7, 2.4.13).

/** What is wrong with the focus as it stands, or null: the checks run after every key. */
async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return 'nothing has the focus';
    // Once a scroll the focus started (smooth, or a carousel's) has come to rest (300 ms still).
    const pause = () => new Promise((done) => setTimeout(done, 50));
    for (let i = 0, top = NaN, still = 0; i < 40 && still < 6; i++) {
      await pause();
      const box = el.getBoundingClientRect();
      const now = box.top * 10000 + box.left;
      still = now === top ? still + 1 : 0;
      top = now;
    }
    // A skip link's or a heading's target (tabindex -1) is no control: it needs no indicator.
    if (el.getAttribute('tabindex') === '-1' && !el.matches('a[href], button, input, select, textarea')) return null;
    const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}”`;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return `${what}: no box`;
    if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth)
      return `${what}: outside the window (${Math.round(r.left)}, ${Math.round(r.top)} in ${innerWidth} × ${innerHeight}, in ${el.parentElement?.closest('[class]')?.className ?? ''})`;
    // Its middle (inside the window) is the element itself, not the sticky header or anything else above it.
    const x = Math.min(Math.max(r.left + r.width / 2, 1), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 1), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    if (!hit || !(el === hit || el.contains(hit) || hit.contains(el) || label?.contains(hit)))
      return `${what}: covered by ${hit?.tagName.toLowerCase() ?? 'nothing'}.${hit?.className ?? ''}`;

    // The indicator: the outline (or the ring of a box-shadow) against the ground behind it.
    const rgb = (c: string): [number, number, number, number] | null => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const lum = ([r8, g8, b8]: [number, number, number, number]): number => {
      const ch = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * ch(r8) + 0.7152 * ch(g8) + 0.0722 * ch(b8);
    };
    const contrast = (a: [number, number, number, number], b: [number, number, number, number]): number => {
      const [hi, lo] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    let ground: [number, number, number, number] = [255, 255, 255, 1];
    for (let p: HTMLElement | null = el.parentElement; p; p = p.parentElement) {
      const bg = rgb(getComputedStyle(p).backgroundColor);
      if (bg && bg[3] > 0.5) {
        ground = bg;
        break;
      }
    }
    const style = getComputedStyle(el);
    const rings: Array<[number, number, number, number]> = [];
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
      const c = rgb(style.outlineColor);
      if (c) rings.push(c);
    }
    for (const m of style.boxShadow.matchAll(/rgba?\([^)]+\)/g)) {
      const c = rgb(m[0]);
      if (c && c[3] > 0.5) rings.push(c);
    }
    if (rings.length === 0) return `${what}: no focus indicator (outline ${style.outlineStyle} ${style.outlineWidth})`;
    const best = Math.max(...rings.map((c) => contrast(c, ground)));
    if (best < 3)
      return `${what}: focus indicator at ${best.toFixed(2)}:1 on ${style.outlineColor} / ${getComputedStyle(el.parentElement!).backgroundColor}`;
    return null;
  });
}

/** Presses `key` and checks the focus it leaves. */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  const problem = await focusProblem(page);
  expect(problem, `after ${key}`).toBeNull();
}

/** Tabs (or Shift+Tabs) until `target` has the focus, checking every stop on the way. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await press(page, back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached within ${max} tab stops`);
}

/** Enter on a dialog's opener: the dialog shows, takes the focus, and `tabs` Tabs never leave it. */
async function openDialog(page: Page, dialog: Locator, tabs: number): Promise<void> {
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  await expect.poll(inside, { message: 'focus moves into the dialog' }).toBe(true);
  for (let i = 0; i < tabs; i++) {
    await press(page, 'Tab');
    expect(await inside(), 'focus stays in the open dialog').toBe(true);
  }
}

test('a variable product bought from the home page with the keyboard alone, the focus visible at every step', async ({ page }) => {
  test.setTimeout(240_000);
  const products = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=100')).json()) as StoreProduct[];
  const variable = new Set(products.filter((p) => p.type === 'variable' && p.is_in_stock).map((p) => new URL(p.permalink).pathname));

  await Promise.all([hydrated(page), page.goto('/')]);
  // The first stop is the skip link, shown when focused; it leads past the header into the content.
  await press(page, 'Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).toBeFocused();
  await press(page, 'Enter');
  await expect(page.locator('main')).toBeFocused();
  await press(page, 'Tab');
  expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);

  // On through the home page to a variable product's link.
  let reached = '';
  for (let i = 0; i < 150 && !reached; i++) {
    // A variable product's "Ausführung wählen" (on the home page its picture opens the quick view).
    const href = await page.evaluate(() => {
      const a = document.activeElement;
      return a instanceof HTMLAnchorElement && a.classList.contains('button') ? new URL(a.href).pathname : '';
    });
    if (variable.has(href)) reached = href;
    else await press(page, 'Tab');
  }
  expect(reached, 'a variable product linked from the home page').not.toBe('');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === reached);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));

  // The product: each option chosen with the arrow keys, into the cart with Enter.
  const form = page.locator('form.cart-form');
  const selects = form.getByRole('combobox');
  const count = await selects.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await tabTo(page, selects.nth(i));
    // Down to the first option that can be chosen (those without stock are disabled and skipped).
    await press(page, 'ArrowDown');
    await expect(selects.nth(i)).not.toHaveValue('');
  }
  await expect(page.locator('#announce-polite')).toHaveText(/^Gewählt: /);
  const add = form.getByRole('button', { name: 'In den Warenkorb' });
  await expect(add).toBeEnabled();
  await tabTo(page, add);
  await press(page, 'Enter');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The header's cart link (Shift+Tab back up the page): the mini cart opens as a dialog, keeps the
  // focus inside, and gives it back to the link on Escape.
  const cartLink = page.getByRole('link', { name: /^Warenkorb: 1 Artikel/ });
  await tabTo(page, cartLink, { back: true });
  const mini = page.getByRole('dialog', { name: 'Warenkorb' });
  await openDialog(page, mini, 8);
  await press(page, 'Escape');
  await expect(mini).toBeHidden();
  await expect(cartLink).toBeFocused();
  // Enter again, then to the cart page's checkout.
  await page.keyboard.press('Enter');
  await expect(mini).toBeVisible();
  await expect.poll(() => mini.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  const toCheckout = mini.getByRole('link', { name: 'Weiter zur Kasse' });
  await tabTo(page, toCheckout);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/kasse\/$/);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));

  // The checkout: fields typed, the payment chosen with the arrow keys, the terms ticked with Space.
  const billing = page.getByRole('group', { name: 'Rechnungsdetails' });
  for (const [label, value] of [
    [/^Vorname/, 'Anna'],
    [/^Nachname/, 'Tastatur'],
    [/^Straße und Hausnummer/, 'Hauptstraße 5'],
    [/^Postleitzahl/, '04109'],
    [/^Ort/, 'Leipzig'],
    [/^E-Mail-Adresse/, 'anna.tastatur@example.de'],
  ] as const) {
    await tabTo(page, billing.getByLabel(label));
    await page.keyboard.type(value);
  }
  const radios = page.getByRole('radio');
  await tabTo(page, radios.first());
  const invoice = page.getByRole('radio', { name: 'Rechnung' });
  for (let i = 0; i < 5 && !(await invoice.isChecked()); i++) await press(page, 'ArrowDown');
  await expect(invoice).toBeChecked();
  const terms = page.getByRole('checkbox', { name: /AGB.*Widerrufsbelehrung/ });
  await tabTo(page, terms);
  await press(page, 'Space');
  await expect(terms).toBeChecked();
  const order = page.getByRole('button', { name: /Zahlungspflichtig bestellen|Kaufen/ });
  await tabTo(page, order);
  await Promise.all([page.waitForURL(/\/bestellung-erhalten\//), page.keyboard.press('Enter')]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the quick view keeps the focus inside and returns it to its button; the search’s suggestions by arrow keys', async ({ page }) => {
  await Promise.all([hydrated(page), page.goto('/shop/?orderby=title&per_page=12')]);
  const opener = page.getByRole('button', { name: /^Schnellansicht: / }).first();
  await tabTo(page, opener);
  const dialog = page.getByRole('dialog');
  await openDialog(page, dialog, 12);
  await press(page, 'Shift+Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The header search: typed, the suggestions walked with the arrow keys, Escape closes them.
  const toggle = page.getByRole('button', { name: 'Menü', exact: true });
  if (await toggle.isVisible()) {
    await tabTo(page, toggle, { back: true });
    await press(page, 'Enter');
  }
  const search = page.getByRole('combobox', { name: 'Im Shop suchen' });
  await tabTo(page, search, { back: !(await toggle.isVisible()) });
  await page.keyboard.type('Tasse');
  const list = page.getByRole('listbox', { name: 'Vorschläge' });
  await expect(list).toBeVisible();
  await press(page, 'ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
  await press(page, 'Escape');
  await expect(list).toBeHidden();
  await expect(search).toBeFocused();
});
