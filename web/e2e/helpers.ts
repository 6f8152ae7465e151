import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { e2eData } from './servers';

/** A product as the Store API sends it: the server's own type (`src/generated/wire.ts`). */
export type { StoreProduct } from '../src/generated/wire';
import type { StoreProduct } from '../src/generated/wire';

/** Opens a primary-menu link, through the mobile menu button where the menu is collapsed. */
export async function openMenuLink(page: Page, name: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menü', exact: true });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name, exact: true }).first().click();
}

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // Chromium logs every 4xx fetch; API answers are asserted by the tests themselves.
    const apiStatus = m.text().startsWith('Failed to load resource') && m.location().url.includes('/wp-json/');
    if (m.type() === 'error' && !apiStatus) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().includes('/wp-json/')) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

/**
 * Waits until the page a navigation brings has hydrated (always started beside the navigation:
 * `Promise.all([hydrated(page), page.goto(…)])`): the new document is parsed (so neither the
 * marker nor a cart request of the page being left is taken for the new one's), its cart is read
 * after hydration, and the root marks the document once every effect of the first render has run
 * (attribution cookies, listeners).
 */
export async function hydrated(page: Page): Promise<void> {
  // Listeners run in the order the browser's events arrive, so the flag is set before any
  // response of the new document is looked at (an `await` between the two could miss it).
  let parsed = false;
  const onParsed = (): void => {
    parsed = true;
  };
  page.once('domcontentloaded', onParsed);
  try {
    await page.waitForResponse((r) => parsed && r.url().includes('/wp-json/wc/store/v1/cart') && r.request().method() === 'GET');
  } finally {
    page.off('domcontentloaded', onParsed);
  }
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

/** The demo's administrator, as `playwright.config.ts` makes it. */
export const ADMIN = { log: 'admin', pwd: 'e2e-Röstmeister-2026' };

/** Logs `request` in as the administrator: the REST nonce its staff calls send as `X-WP-Nonce`. */
export async function adminNonce(request: import('@playwright/test').APIRequestContext): Promise<string> {
  expect((await request.post('/wp-login.php', { form: ADMIN, maxRedirects: 0 })).status()).toBe(302);
  return (await (await request.get('/wp-admin/admin-ajax.php?action=rest-nonce')).text()).trim();
}

/**
 * The product page at `permalink` with its tab `name` opened by keyboard (focused, Enter), once
 * hydrated: the tab's panel, checked visible.
 */
export async function productTab(page: Page, permalink: string, name: string): Promise<Locator> {
  await Promise.all([hydrated(page), page.goto(new URL(permalink).pathname)]);
  const tab = page.getByRole('tab', { name });
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name });
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * A simple product made through wc/v3 with `data` for one test's `use`, deleted again however the
 * test ends: the shop the other specs see stays as it was (they buy its newest simple product).
 */
export async function withProduct(
  request: import('@playwright/test').APIRequestContext,
  nonce: string,
  data: Record<string, unknown>,
  use: (product: { id: number; permalink: string }) => Promise<void>,
): Promise<void> {
  const headers = { 'X-WP-Nonce': nonce };
  const made = await request.post('/wp-json/wc/v3/products', { headers, data });
  expect(made.status()).toBe(201);
  const product = (await made.json()) as { id: number; permalink: string };
  try {
    await use(product);
  } finally {
    expect((await request.delete(`/wp-json/wc/v3/products/${product.id}?force=true`, { headers })).status()).toBe(200);
  }
}

/** An order placed through the Store API as a guest; its number. */
export async function guestOrder(request: import('@playwright/test').APIRequestContext, productId: number, email: string): Promise<number> {
  const add = await request.post('/wp-json/wc/store/v1/cart/add-item', { data: { id: productId, quantity: 1 } });
  expect(add.status()).toBe(201);
  const token = add.headers()['cart-token']!;
  const billing = {
    first_name: 'Gustav',
    last_name: 'Gast',
    address_1: 'Ringstraße 3',
    postcode: '04109',
    city: 'Leipzig',
    country: 'DE',
    email,
  };
  const placed = await request.post('/wp-json/wc/store/v1/checkout', {
    headers: { 'Cart-Token': token },
    data: { billing_address: billing, payment_method: 'bacs', extensions: { laden: { checkboxes: ['terms'] } } },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { order_id: number }).order_id;
}

/** A customer account `login` (address `login@example.de`) with `password`, made by the administrator. */
export async function customerAccount(
  request: import('@playwright/test').APIRequestContext,
  login: string,
  password: string,
): Promise<void> {
  const made = await request.post('/wp-json/wp/v2/users', {
    headers: { 'X-WP-Nonce': await adminNonce(request) },
    data: { username: login, email: `${login}@example.de`, password, roles: ['customer'] },
  });
  expect(made.status()).toBe(201);
}

/** One of `product` in the cart from its page, then the checkout open and hydrated. */
export async function checkoutWith(page: Page, product: Pick<StoreProduct, 'permalink'>): Promise<void> {
  let loaded = hydrated(page);
  await page.goto(new URL(product.permalink).pathname);
  await loaded;
  await page.getByRole('button', { name: 'In den Warenkorb' }).first().click();
  await expect(page.getByTestId('cart-count')).not.toHaveText('0');
  loaded = hydrated(page);
  await page.goto('/kasse/');
  await loaded;
}

/** Opens the admin's `path` and signs in on the login form it shows first. */
export async function signIn(page: Page, path: string, who: { log: string; pwd: string } = ADMIN): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(who.log);
  await page.getByLabel('Passwort').fill(who.pwd);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** A shop-manager account `login`, made by the administrator (wp/v2/users) unless it exists. */
export async function shopManager(
  request: import('@playwright/test').APIRequestContext,
  login: string,
): Promise<{ log: string; pwd: string }> {
  const nonce = await adminNonce(request);
  const user = { log: login, pwd: 'Filterkaffee-2026-Laden' };
  const made = await request.post('/wp-json/wp/v2/users', {
    headers: { 'X-WP-Nonce': nonce },
    data: { username: user.log, email: `${user.log}@example.de`, password: user.pwd, roles: ['shop_manager'] },
  });
  expect([201, 400]).toContain(made.status());
  return user;
}

/** A page of one section and column holding `widgets`, published by the administrator: its id and path. */
export async function publishPage(
  request: import('@playwright/test').APIRequestContext,
  title: string,
  slug: string,
  widgets: Array<Record<string, unknown>>,
): Promise<{ id: number; path: string }> {
  const nonce = await adminNonce(request);
  const laden_layout = { version: 1, sections: [{ columns: [{ widgets }] }] };
  const created = await request.post('/wp-json/wp/v2/pages', {
    headers: { 'X-WP-Nonce': nonce },
    data: { title, slug, status: 'publish', laden_layout },
  });
  expect(created.status()).toBe(201);
  const page = (await created.json()) as { id: number; slug: string };
  return { id: page.id, path: `/${page.slug}/` };
}

/** Changes shop settings as the administrator (wp/v2/settings with cookie and nonce); returns the previous values. */
export async function setSettings(
  request: import('@playwright/test').APIRequestContext,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const nonce = await adminNonce(request);
  const before = (await (await request.get('/wp-json/wp/v2/settings', { headers: { 'X-WP-Nonce': nonce } })).json()) as Record<
    string,
    unknown
  >;
  const res = await request.post('/wp-json/wp/v2/settings', { headers: { 'X-WP-Nonce': nonce }, data: values });
  expect(res.status()).toBe(200);
  return Object.fromEntries(Object.keys(values).map((k) => [k, before[k]]));
}

/** The shop's products as the Store API lists them for `query`. */
export async function storeProducts(
  request: import('@playwright/test').APIRequestContext,
  query = 'per_page=100',
): Promise<StoreProduct[]> {
  return (await (await request.get(`/wp-json/wc/store/v1/products?${query}`)).json()) as StoreProduct[];
}

/** A simple product in stock: the one with the most, so the many specs that buy it never sell it out. */
export async function simpleInStock(request: import('@playwright/test').APIRequestContext): Promise<StoreProduct> {
  const simple = (await storeProducts(request)).filter((p) => p.type === 'simple' && p.is_in_stock);
  return simple.reduce((most, p) => (p.add_to_cart.maximum > most.add_to_cart.maximum ? p : most));
}

interface QuickViewData {
  product: { id: number; name: string; permalink: string };
  gallery: Array<{ type: string; autoplay?: boolean; image?: { large: { width: number } } }>;
}

/** The first product whose gallery satisfies `test` (from the quick-view data). */
export async function productWithGallery(
  request: import('@playwright/test').APIRequestContext,
  test: (g: QuickViewData['gallery']) => boolean,
): Promise<QuickViewData & { path: string }> {
  for (const p of await storeProducts(request)) {
    const data = (await (await request.get(`/wp-json/laden/v1/products/${p.id}/quick-view`)).json()) as QuickViewData & {
      permalink: string;
    };
    if (test(data.gallery)) return { ...data, path: data.permalink };
  }
  throw new Error('no demo product with such a gallery');
}

/** Fills the checkout form with a valid German address, invoice payment and the accepted terms. */
export async function fillCheckout(page: Page): Promise<void> {
  const billing = page.getByRole('group', { name: 'Rechnungsdetails' });
  await billing.getByLabel(/^Vorname/).fill('Anna');
  await billing.getByLabel(/^Nachname/).fill('Muster');
  await billing.getByLabel(/^Straße und Hausnummer/).fill('Hauptstraße 5');
  await billing.getByLabel(/^Postleitzahl/).fill('04109');
  await billing.getByLabel(/^Ort/).fill('Leipzig');
  await billing.getByLabel(/^E-Mail-Adresse/).fill('anna@example.de');
  await page.getByRole('radio', { name: 'Rechnung' }).check();
  await page.getByRole('checkbox', { name: /AGB.*Widerrufsbelehrung/ }).check();
}

/** WCAG 2.0–2.2, levels A and AA: what the BFSG (EN 301 549) asks of a shop. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Besides: headings in order, without skipped levels (axe counts it best practice, not WCAG; a
 * screen reader's list of headings depends on it, and Lighthouse's accessibility score has it).
 */
const ALSO = { 'heading-order': { enabled: true } };

/**
 * The page as it stands, audited: each violation as one readable line with its first elements.
 * `exclude`: what another party draws (Stripe's card field, its own frame in production).
 */
export async function audit(page: Page, what: string, exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({ rules: ALSO }).withTags(TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations.map(
    (v) =>
      `${what}: ${v.id} (${v.impact ?? '?'}): ${v.help}\n${v.nodes
        .slice(0, 4)
        .map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim()}`)
        .join('\n')}`,
  );
}

/** The bodies of a raw e-mail, decoded (quoted-printable or base64 parts). */
function mailText(raw: string): string {
  const out: string[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/Content-Transfer-Encoding: base64/i.test(head)) out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
      const soft = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(soft[i]!));
      }
      out.push(Buffer.from(bytes).toString('utf8'));
    } else out.push(body);
  }
  return out.join('\n');
}

/**
 * The link matching `pattern` in the newest e-mail of `kind` to `email`, waited for. Without SMTP
 * the tests' server writes its mails to the outbox folder of its data directory.
 */
export async function mailedLink(kind: string, email: string, pattern: RegExp): Promise<string> {
  const outbox = `${e2eData()}/outbox`;
  let link = '';
  await expect
    .poll(
      async () => {
        for (const name of (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith(`-${kind}.eml`)).sort()) {
          const raw = await readFile(`${outbox}/${name}`, 'utf8');
          if (raw.includes(`To: ${email}`)) link = pattern.exec(mailText(raw))?.[0]?.replaceAll('&amp;', '&') ?? link;
        }
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}
