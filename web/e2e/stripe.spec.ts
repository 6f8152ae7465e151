import { expect, test } from './fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { audit, fillCheckout, hydrated, setSettings, signIn, simpleInStock, watchErrors } from './helpers';

// Stripe's stand-in, started by `make test` (localstripe, with its Stripe.js stand-in, named by
// LADEN_TEST_STRIPE); the shop under test has its keys (playwright.config.ts).
const stripeServer = process.env['LADEN_TEST_STRIPE'] ?? '';

const CARD = '4242424242424242';
const CARD_3DS = '4000002500003155';
const CARD_DECLINED = '4000000000000341';

let before: Record<string, unknown> = {};

test.beforeAll(async ({ request, baseURL }, info) => {
  expect(stripeServer, 'the Stripe test server: run `make test`, which starts it (LADEN_TEST_STRIPE)').not.toBe('');
  // Stripe's webhooks reach this shop; the same secret as the shop's LADEN_STRIPE_WEBHOOK_SECRET.
  const hook = await request.post(`${stripeServer}/_config/webhooks/e2e-${info.parallelIndex}`, {
    form: { url: `${baseURL}/wp-json/laden/v1/payments/stripe/webhook`, secret: 'whsec_e2e' },
  });
  expect(hook.ok()).toBe(true);
  before = await setSettings(request, { laden_payment_methods: ['bacs', 'invoice', 'stripe', 'stripe_sepa'] });
});

test.afterAll(async ({ request }) => {
  await setSettings(request, before);
});

/** One product in the cart and the checkout filled in, no method chosen yet. */
async function toCheckout(page: Page, request: APIRequestContext): Promise<void> {
  const product = await simpleInStock(request);
  await Promise.all([hydrated(page), page.goto(new URL(product.permalink).pathname)]);
  await page.locator('.product__summary').getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await Promise.all([hydrated(page), page.goto('/kasse/')]);
  await fillCheckout(page);
}

/** `toCheckout`, then a Stripe method chosen. */
async function atCheckout(page: Page, request: APIRequestContext, method: 'Kreditkarte' | 'SEPA-Lastschrift'): Promise<void> {
  await toCheckout(page, request);
  await page.getByRole('radio', { name: method }).check();
}

/** Types a card into Stripe's card field (the stand-in's inputs). */
async function enterCard(page: Page, number: string): Promise<void> {
  const field = page.getByTestId('stripe-card');
  await field.locator('input[placeholder="number"]').fill(number);
  await field.locator('input[placeholder="exp_month"]').fill('12');
  await field.locator('input[placeholder="exp_year"]').fill('34');
  await field.locator('input[placeholder="cvc"]').fill('123');
}

/** The order the received page shows, as the Store API reads it with its key. */
async function placedOrder(page: Page, request: APIRequestContext): Promise<{ id: number; status: string }> {
  await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
  const url = new URL(page.url());
  const id = Number(/bestellung-erhalten\/(\d+)\//.exec(url.pathname)![1]);
  const order = (await (await request.get(`/wp-json/wc/store/v1/order/${id}?key=${url.searchParams.get('key')}`)).json()) as {
    status: string;
  };
  return { id, status: order.status };
}

const order = (page: Page) => page.getByRole('button', { name: /bestellen/i });

test('a card pays the order; Stripe.js loads only once the card is chosen', async ({ page, request }) => {
  const errors = watchErrors(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('js.stripe.com')) scripts.push(r.url());
  });
  await toCheckout(page, request);
  expect(scripts).toEqual([]);
  await page.getByRole('radio', { name: 'Kreditkarte' }).check();
  await expect(page.getByTestId('stripe-card').locator('input').first()).toBeVisible();
  expect(scripts.length).toBe(1);
  expect(await audit(page, 'checkout with a card', ['.stripe-card__field'])).toEqual([]);
  // Without the card's details the order is not placed.
  await order(page).click();
  await expect(page.getByText('Bitte geben Sie Ihre Kartendaten ein.').first()).toBeVisible();
  await enterCard(page, CARD);
  await order(page).click();
  expect((await placedOrder(page, request)).status).toBe('processing');
  expect(errors).toEqual([]);
});

test('a card that asks for 3-D Secure is authenticated in the page', async ({ page, request }) => {
  await atCheckout(page, request, 'Kreditkarte');
  await enterCard(page, CARD_3DS);
  await order(page).click();
  // The bank's step, as Stripe.js shows it (the stand-in's dialog).
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  expect((await placedOrder(page, request)).status).toBe('processing');
});

test('a declined card, then another card for the same order', async ({ page, request }) => {
  await atCheckout(page, request, 'Kreditkarte');
  let placedId = 0;
  page.on('response', async (r) => {
    if (r.url().includes('/wc/store/v1/checkout') && r.status() === 402)
      placedId = ((await r.json()) as { data: { order_id: number } }).data.order_id;
  });
  await enterCard(page, CARD_DECLINED);
  await order(page).click();
  await expect(page.getByRole('alert')).toContainText('Die Zahlung wurde abgelehnt.');
  await expect.poll(() => placedId).toBeGreaterThan(0);
  await enterCard(page, CARD);
  await order(page).click();
  const paid = await placedOrder(page, request);
  expect(paid).toEqual({ id: placedId, status: 'processing' });
});

test('SEPA direct debit with the mandate accepted at checkout', async ({ page, request }) => {
  await atCheckout(page, request, 'SEPA-Lastschrift');
  const mandate = page.getByRole('checkbox', { name: /Ich ermächtige/ });
  await expect(mandate).toBeVisible();
  expect(await audit(page, 'checkout with SEPA debit')).toEqual([]);
  await page.getByLabel(/^IBAN/).fill('DE89 3704 0044 0532 0130 00');
  await order(page).click();
  await expect(page.locator('.checkout__checkbox--sepa_mandate').getByText('Bitte erteilen Sie das SEPA-Lastschriftmandat.')).toBeVisible();
  await mandate.check();
  await order(page).click();
  const placed = await placedOrder(page, request);
  expect(['processing', 'on-hold']).toContain(placed.status);
});

test('a card purchase by keyboard alone', async ({ page, request }) => {
  await atCheckout(page, request, 'Kreditkarte');
  // Back to the first method, then to the card by the radio group's arrow keys.
  await page.getByRole('radio', { name: 'Rechnung' }).check();
  await page.getByRole('radio', { name: 'Rechnung' }).focus();
  for (let i = 0; i < 5 && !(await page.getByRole('radio', { name: 'Kreditkarte' }).isChecked()); i++)
    await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Kreditkarte' })).toBeChecked();
  const number = page.getByTestId('stripe-card').locator('input[placeholder="number"]');
  await expect(number).toBeVisible();
  // Tab into the card field and type each part.
  for (let i = 0; i < 10 && !(await number.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(number).toBeFocused();
  await page.keyboard.type(CARD);
  for (const part of ['12', '34', '123']) {
    // The field moves on by itself once a part is complete; Tab where it does not.
    const before = await page.evaluate(() => (document.activeElement as HTMLInputElement).placeholder);
    if (before === 'number') await page.keyboard.press('Tab');
    await page.keyboard.type(part);
  }
  // On to the order button and press it.
  const button = order(page);
  for (let i = 0; i < 40 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await placedOrder(page, request)).status).toBe('processing');
});

test('the settings show how Stripe is set up and when it was last heard', async ({ page, request, baseURL }) => {
  // A signed event from Stripe (the shop's webhook secret, Stripe's signature scheme).
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    type: 'customer.created',
    data: { object: { id: 'cus_e2e', object: 'customer' } },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', 'whsec_e2e').update(`${t}.${payload}`).digest('hex');
  const heard = await request.post('/wp-json/laden/v1/payments/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    data: payload,
  });
  expect(heard.status()).toBe(200);

  await signIn(page, '/wp-admin/einstellungen/');
  const stripe = page.getByRole('region', { name: 'Stripe' });
  await expect(stripe).toContainText('Testmodus: Es fließt kein Geld');
  await expect(stripe.getByRole('code')).toHaveText(`${baseURL}/wp-json/laden/v1/payments/stripe/webhook`);
  await expect(stripe).toContainText(/Letzter Webhook empfangen\s*\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
  await expect(page.getByRole('checkbox', { name: 'Kreditkarte (Stripe)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'SEPA-Lastschrift (Stripe)' })).toBeChecked();
  // Set up, with its webhook secret: nothing to warn of.
  await expect(stripe.locator('.notice')).toHaveCount(0);
  expect(await audit(page, 'settings with Stripe')).toEqual([]);
});

test('an order whose card was declined is paid later from its own page, with 3-D Secure', async ({ page, request }) => {
  const errors = watchErrors(page);
  await atCheckout(page, request, 'Kreditkarte');
  let left: { order_id: number; order_key: string } | null = null;
  page.on('response', async (r) => {
    if (r.url().includes('/wc/store/v1/checkout') && r.status() === 402)
      left = ((await r.json()) as { data: { order_id: number; order_key: string } }).data;
  });
  await enterCard(page, CARD_DECLINED);
  await order(page).click();
  await expect(page.getByRole('alert')).toContainText('Die Zahlung wurde abgelehnt.');
  await expect.poll(() => left).not.toBeNull();
  const { order_id: id, order_key: key } = left!;
  // The shopper leaves; the order's page (as its link in a mail) asks for the payment.
  await Promise.all([hydrated(page), page.goto(`/bestellung-erhalten/${id}/?key=${key}`)]);
  await expect(page.getByTestId('order-awaits-payment')).toContainText('noch nicht bezahlt');
  await page.getByRole('link', { name: 'Jetzt bezahlen' }).click();
  // The order's page emptied the cart: nothing to read of it here, only hydration to wait for.
  await expect(page).toHaveURL(`/kasse/order-pay/${id}/?pay_for_order=true&key=${key}`);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await expect(page.getByRole('heading', { level: 1, name: 'Für Bestellung bezahlen' })).toBeVisible();
  // The method it was placed with is chosen; its card field is there.
  await expect(page.getByRole('radio', { name: 'Kreditkarte' })).toBeChecked();
  await expect(page.getByTestId('stripe-card').locator('input').first()).toBeVisible();
  expect(await audit(page, 'order-pay page', ['.stripe-card__field'])).toEqual([]);
  await page.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await expect(page.getByText('Bitte geben Sie Ihre Kartendaten ein.').first()).toBeVisible();
  await enterCard(page, CARD_3DS);
  await page.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  expect(await placedOrder(page, request)).toEqual({ id, status: 'processing' });
  await expect(page.getByText('Vielen Dank. Ihre Bestellung ist eingegangen.')).toBeVisible();
  // Paid: its pay page now only says so.
  await page.goto(`/kasse/order-pay/${id}/?pay_for_order=true&key=${key}`);
  await expect(page.getByRole('status')).toContainText('wartet auf keine Zahlung');
  expect(errors).toEqual([]);
});
