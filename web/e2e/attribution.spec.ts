import { expect, test } from './fixtures';
import { type BrowserContext, type Page } from '@playwright/test';
import { fillCheckout, hydrated, setSettings, watchErrors, type StoreProduct } from './helpers';

// A visitor who has not decided yet.
test.use({ storageState: { cookies: [], origins: [] } });

const SBJS = [
  'sbjs_current',
  'sbjs_current_add',
  'sbjs_first',
  'sbjs_first_add',
  'sbjs_session',
  'sbjs_udata',
  'sbjs_promo',
  'sbjs_migrations',
];

/** A tracker container as a record (the stored value is URI-encoded; values inside once more). */
async function container(context: BrowserContext, name: string): Promise<Record<string, string> | null> {
  const c = (await context.cookies()).find((x) => x.name === name);
  if (!c) return null;
  return Object.fromEntries(
    decodeURIComponent(c.value)
      .split('|||')
      .map((kv) => {
        const at = kv.indexOf('=');
        return [kv.slice(0, at), decodeURIComponent(kv.slice(at + 1))];
      }),
  );
}

async function visit(page: Page, path: string, referer?: string): Promise<void> {
  await Promise.all([hydrated(page), page.goto(path, referer ? { referer } : {})]);
}

/** Puts one in-stock simple product into this page's cart (the cart token lives in localStorage). */
async function addToCart(page: Page): Promise<void> {
  const list = (await (await page.request.get('/wp-json/wc/store/v1/products?per_page=50')).json()) as StoreProduct[];
  const simple = list.find((p) => p.type === 'simple' && p.is_in_stock)!;
  const known = await page.evaluate(() => localStorage.getItem('laden_cart_token'));
  const add = await page.request.post('/wp-json/wc/store/v1/cart/add-item', {
    data: { id: simple.id, quantity: 1 },
    headers: known ? { 'Cart-Token': known } : {},
  });
  expect(add.ok()).toBe(true);
  const token = add.headers()['cart-token'];
  if (token) await page.evaluate((t) => localStorage.setItem('laden_cart_token', t), token);
}

/** Places the order and returns the extension data it sent. */
async function placeOrder(page: Page): Promise<Record<string, string | null>> {
  const [sent] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/wc/store/v1/checkout') && r.method() === 'POST'),
    page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click(),
  ]);
  await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\//);
  return (sent.postDataJSON() as { extensions: Record<string, Record<string, string | null>> }).extensions[
    'woocommerce/order-attribution'
  ]!;
}

const consentGiven = (context: BrowserContext, statistics: 'allow' | 'deny', marketing: 'allow' | 'deny') =>
  context.addCookies(
    Object.entries({ statistics, marketing }).map(([c, v]) => ({
      name: `wp_consent_${c}`,
      value: v,
      domain: '127.0.0.1',
      path: '/',
      sameSite: 'Lax' as const,
    })),
  );

test("the consent banner comes with the page: before any of the app's code runs it shows to an undecided visitor and never to a decided one", async ({
  page,
  context,
}) => {
  // The app's scripts never arrive: what shows is the server's HTML and its inline consent probe.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort('failed'));
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
  await page.goto('/');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Alle akzeptieren' })).toBeVisible();
  await consentGiven(context, 'deny', 'deny');
  await page.goto('/shop/');
  await expect(page.locator('.consent-banner')).toHaveCount(1);
  await expect(banner).toBeHidden();
  // With the app: the decided visitor's banner leaves the page; the undecided visitor's stays, now live.
  await page.unroute(/\/assets\/.*\.js$/);
  await visit(page, '/shop/');
  await expect(page.locator('.consent-banner')).toHaveCount(0);
  await context.clearCookies();
  await visit(page, '/');
  await expect(banner).toBeVisible();
  await expect(banner).not.toHaveAttribute('data-initial');
});

test('consent banner: German, fixed without moving the page, keyboard operable; analytics load with statistics consent, once', async ({
  page,
  context,
}) => {
  const errors = watchErrors(page);
  await visit(page, '/');
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveCSS('position', 'fixed');
  expect(await page.evaluate(() => (window as unknown as { ladenDemoAnalyticsRuns?: number }).ladenDemoAnalyticsRuns)).toBeUndefined();
  expect(await page.evaluate(() => typeof window.wp_has_consent === 'function' && window.wp_consent_type)).toBe('optin');
  // Keyboard: the buttons follow each other in tab order and work with Enter.
  const accept = banner.getByRole('button', { name: 'Alle akzeptieren' });
  await banner.getByRole('link', { name: 'Datenschutzerklärung' }).focus();
  await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'Alle ablehnen' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect([cookies['wp_consent_statistics'], cookies['wp_consent_marketing']]).toEqual(['allow', 'allow']);
  await expect.poll(() => page.evaluate(() => (window as unknown as { ladenDemoAnalyticsRuns?: number }).ladenDemoAnalyticsRuns)).toBe(1);
  // Another consent change does not load it twice.
  await page.evaluate(() => window.wp_set_consent!('statistics', 'allow'));
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { ladenDemoAnalyticsRuns?: number }).ladenDemoAnalyticsRuns)).toBe(1);
  expect(await page.locator('script[data-laden-analytics]').count()).toBe(1);
  // Next page: no banner, analytics at load.
  await visit(page, '/shop/');
  await expect(banner).toBeHidden();
  await expect.poll(() => page.evaluate(() => (window as unknown as { ladenDemoAnalyticsRuns?: number }).ladenDemoAnalyticsRuns)).toBe(1);
  // The footer brings the settings back, showing the choice made.
  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await expect(banner.getByRole('checkbox', { name: 'Statistik' })).toBeChecked();
  await expect(banner.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  expect(errors).toEqual([]);
});

test('consent given late: analytics load at that moment; attribution starts then and still knows the landing page', async ({
  page,
  context,
}) => {
  await visit(page, '/?utm_source=landing&utm_medium=social', 'https://social.example/post/1');
  expect((await context.cookies()).filter((c) => c.name.startsWith('sbjs_'))).toEqual([]);
  await visit(page, '/shop/', 'http://127.0.0.1/');
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
  await banner.getByRole('button', { name: 'Einstellungen' }).click();
  await banner.getByRole('checkbox', { name: 'Statistik' }).check();
  await banner.getByRole('button', { name: 'Auswahl speichern' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { ladenDemoAnalyticsRuns?: number }).ladenDemoAnalyticsRuns)).toBe(1);
  // Marketing still refused: no tracker cookies.
  expect((await context.cookies()).filter((c) => c.name.startsWith('sbjs_'))).toEqual([]);
  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await banner.getByRole('button', { name: 'Alle akzeptieren' }).click();
  await expect.poll(() => container(context, 'sbjs_current')).toMatchObject({ typ: 'utm', src: 'landing', mdm: 'social' });
  expect(await container(context, 'sbjs_current_add')).toMatchObject({ rf: 'https://social.example/post/1' });
  expect((await container(context, 'sbjs_current_add'))!['ep']).toContain('utm_source=landing');
  expect(await container(context, 'sbjs_session')).toMatchObject({ pgs: '2' });
  expect(await page.evaluate(() => (window as unknown as { ladenDemoAnalyticsRuns?: number }).ladenDemoAnalyticsRuns)).toBe(1);
});

test('visit sequences write sourcebuster-compatible cookies; the checkout sends them and staff see the origin', async ({
  page,
  context,
  request,
}) => {
  await consentGiven(context, 'deny', 'allow');
  await visit(page, '/?utm_source=newsletter&utm_medium=email&utm_campaign=herbst', 'https://mail.example.com/');
  expect(await container(context, 'sbjs_current')).toEqual({
    typ: 'utm',
    src: 'newsletter',
    mdm: 'email',
    cmp: 'herbst',
    cnt: '(none)',
    trm: '(none)',
    id: '(none)',
    plt: '(none)',
    fmt: '(none)',
    tct: '(none)',
  });
  expect(await container(context, 'sbjs_first')).toMatchObject({ typ: 'utm', src: 'newsletter' });
  expect(await container(context, 'sbjs_udata')).toMatchObject({ vst: '1', uip: '(none)' });
  expect(await container(context, 'sbjs_session')).toMatchObject({ pgs: '1' });
  expect(await container(context, 'sbjs_current_add')).toMatchObject({ rf: 'https://mail.example.com/' });
  expect((await container(context, 'sbjs_current_add'))!['fd']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  expect((await context.cookies()).find((c) => c.name === 'sbjs_migrations')?.value).toBe('1418474375998%3D1');
  // An inner page: pages seen +1, the source stays.
  await visit(page, '/shop/');
  expect(await container(context, 'sbjs_session')).toMatchObject({ pgs: '2' });
  expect(await container(context, 'sbjs_current')).toMatchObject({ src: 'newsletter' });
  // A search engine: organic now; the first visit stays.
  await visit(page, '/', 'https://www.google.de/');
  expect(await container(context, 'sbjs_current')).toMatchObject({ typ: 'organic', src: 'google', mdm: 'organic' });
  expect(await container(context, 'sbjs_first')).toMatchObject({ typ: 'utm', src: 'newsletter' });
  // A new session from t.co: referral from twitter.com, a second visit.
  await context.clearCookies({ name: 'sbjs_session' });
  await visit(page, '/kontakt/', 'https://t.co/abc');
  expect(await container(context, 'sbjs_current')).toMatchObject({ typ: 'referral', src: 'twitter.com', mdm: 'referral', cnt: '/abc' });
  expect(await container(context, 'sbjs_udata')).toMatchObject({ vst: '2' });

  // Checkout: the hidden inputs and the Store API extension data carry the same values.
  await addToCart(page);
  await visit(page, '/kasse/');
  await expect(page.locator('input[name="wc_order_attribution_source_type"]')).toHaveValue('referral');
  await expect(page.locator('input[name="wc_order_attribution_utm_source"]')).toHaveValue('twitter.com');
  await expect(page.locator('input[name="wc_order_attribution_session_count"]')).toHaveValue('2');
  expect(await page.locator('input[name^="wc_order_attribution_"]').count()).toBe(16);
  await fillCheckout(page);
  const ext = await placeOrder(page);
  expect(ext).toMatchObject({
    source_type: 'referral',
    utm_source: 'twitter.com',
    utm_medium: 'referral',
    session_count: '2',
    utm_campaign: '(none)',
  });
  const orderId = /bestellung-erhalten\/(\d+)\//.exec(page.url())![1];

  // The administrator reads the stored order and its origin.
  await setSettings(request, {});
  const nonce = (await (await request.get('/wp-admin/admin-ajax.php?action=rest-nonce')).text()).trim();
  const order = (await (await request.get(`/wp-json/wc/v3/orders/${orderId}`, { headers: { 'X-WP-Nonce': nonce } })).json()) as {
    origin: string;
    meta_data: Array<{ key: string; value: string }>;
  };
  expect(order.origin).toBe('Verweis: Twitter.com');
  const meta = Object.fromEntries(order.meta_data.map((m) => [m.key, m.value]));
  // The device type follows the browser's user agent (the phone band sends a mobile one only when it says "Mobile").
  const device = /Mobile/.test(await page.evaluate(() => navigator.userAgent)) ? 'Mobile' : 'Desktop';
  expect(meta).toMatchObject({
    _wc_order_attribution_source_type: 'referral',
    _wc_order_attribution_device_type: device,
    _wc_order_attribution_session_count: '2',
  });
});

test('tracking refused: all eight cookies go and every field is sent empty; a tampered input is warned about', async ({
  page,
  context,
  request,
}) => {
  await consentGiven(context, 'deny', 'allow');
  await context.addCookies(SBJS.map((name) => ({ name, value: 'x%3D1', domain: '127.0.0.1', path: '/', sameSite: 'Lax' as const })));
  const before = await setSettings(request, { laden_tracking_allow: false });
  try {
    await visit(page, '/');
    await expect.poll(async () => (await context.cookies()).filter((c) => c.name.startsWith('sbjs_')).length).toBe(0);
    await addToCart(page);
    await visit(page, '/kasse/');
    await expect(page.locator('input[name="wc_order_attribution_source_type"]')).toHaveValue('');
    // Tampering: one input removed before submitting; the order still goes through.
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.locator('input[name="wc_order_attribution_utm_source"]').evaluate((i) => i.remove());
    await fillCheckout(page);
    const ext = await placeOrder(page);
    expect(Object.values(ext).every((v) => v === null)).toBe(true);
    expect(Object.keys(ext)).toHaveLength(16);
    expect(warnings.some((w) => w.includes('Field "utm_source" not found'))).toBe(true);
  } finally {
    await setSettings(request, before);
  }
});

test('the pin button wrapper hides when the Pinterest extension marks the page, even late', async ({ page, request }) => {
  const list = (await (await request.get('/wp-json/wc/store/v1/products?per_page=20')).json()) as StoreProduct[];
  await visit(page, new URL(list[0]!.permalink).pathname);
  const pin = page.locator('.pin-wrapper');
  await expect(pin).toBeVisible();
  await expect(pin.getByRole('link', { name: 'Auf Pinterest merken' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.pinterest\.com\/pin\/create\/button\/\?url=/,
  );
  await page.evaluate(() => document.body.setAttribute('data-pinterest-extension-installed', 'cr1.3.4'));
  await expect(pin).toBeHidden();
  await page.evaluate(() => {
    document.body.removeAttribute('data-pinterest-extension-installed');
    document.documentElement.setAttribute('data-pinterest-extension-installed', 'cr1.3.4');
  });
  await expect(pin).toBeHidden();
});

test('configured campaign parameters and promo codes', async ({ page, context, request }) => {
  await consentGiven(context, 'deny', 'allow');
  const before = await setSettings(request, { laden_tracking_promo: true, laden_tracking_campaign_param: 'kampagne' });
  try {
    await visit(page, '/?kampagne=winter');
    expect(await container(context, 'sbjs_current')).toMatchObject({ typ: 'utm', cmp: 'winter', src: '(none)' });
    const promo = (await container(context, 'sbjs_promo'))!['code']!;
    expect(promo).toMatch(/^\d{6}$/);
    expect(Number(promo)).toBeGreaterThanOrEqual(100000);
    await visit(page, '/shop/');
    expect((await container(context, 'sbjs_promo'))!['code']).toBe(promo);
  } finally {
    await setSettings(request, before);
  }
});

test('a first-party analytics snippet runs with statistics consent, once', async ({ page, context, request }) => {
  const before = await setSettings(request, {
    laden_analytics_script: '',
    laden_analytics_snippet: 'window.ladenSnippetRuns = (window.ladenSnippetRuns || 0) + 1;',
  });
  try {
    const runs = () => page.evaluate(() => (window as unknown as { ladenSnippetRuns?: number }).ladenSnippetRuns);
    await visit(page, '/');
    expect(await runs()).toBeUndefined();
    await page.getByRole('region', { name: 'Cookies und Datenschutz' }).getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect.poll(runs).toBe(1);
    await page.evaluate(() => window.wp_set_consent!('statistics', 'allow'));
    await page.waitForTimeout(200);
    expect(await runs()).toBe(1);
    expect((await context.cookies()).find((c) => c.name === 'wp_consent_statistics')?.value).toBe('allow');
  } finally {
    await setSettings(request, before);
  }
});
