import { expect, test } from './fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { e2eData } from './servers';
import { formatMoney } from '../src/lib/format/money';
import {
  fillCheckout,
  guestOrder,
  hydrated,
  mailedLink,
  setSettings,
  simpleInStock,
  storeProducts,
  type StoreProduct,
  watchErrors,
} from './helpers';

/** One simple product in the cart, then the checkout page; the product. */
async function atCheckoutWithOne(page: Page, request: APIRequestContext): Promise<StoreProduct> {
  const product = await simpleInStock(request);
  await Promise.all([hydrated(page), page.goto(new URL(product.permalink).pathname)]);
  await page.locator('.product__summary').getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await Promise.all([hydrated(page), page.goto('/kasse/')]);
  return product;
}

/** The notice next to a price: VAT and a link to the shipping page. */
async function expectNotice(scope: ReturnType<Page['locator']>, vat: string) {
  await expect(scope.getByText(vat, { exact: false }).first()).toBeVisible();
  await expect(scope.getByRole('link', { name: 'zzgl. Versandkosten' }).first()).toHaveAttribute('href', '/versand-und-zahlung/');
}

test('price notices on every surface, legal pages and the withdrawal button in the footer', async ({ page, request }) => {
  const errors = watchErrors(page);
  const product = await simpleInStock(request);
  const path = new URL(product.permalink).pathname;

  await Promise.all([hydrated(page), page.goto(path)]);
  await expectNotice(page.locator('.product__summary'), 'inkl. MwSt.');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Alle Preise inkl. MwSt., zzgl. Versandkosten.')).toBeVisible();
  const legal = footer.getByRole('navigation', { name: 'Rechtliches' });
  for (const [name, href] of [
    ['Impressum', '/impressum/'],
    ['Datenschutz', '/datenschutz/'],
    ['AGB', '/agb/'],
    ['Widerrufsbelehrung', '/widerrufsbelehrung/'],
    ['Versand & Zahlung', '/versand-und-zahlung/'],
    ['Zahlungsarten', '/zahlungsarten/'],
    ['Vertrag widerrufen', '/vertrag-widerrufen/'],
  ] as const) {
    await expect(legal.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }

  // Listing, quick view, mini cart, cart and checkout.
  await Promise.all([hydrated(page), page.goto(`/produkt-kategorie/${product.categories[0]!.slug}/?per_page=100`)]);
  const card = page.locator(`.product-card[data-product-id="${product.id}"]`);
  await expectNotice(card, 'inkl. MwSt.');
  await card.getByRole('button', { name: `Schnellansicht: ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: product.name });
  await expectNotice(dialog, 'inkl. MwSt.');
  await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: /^Warenkorb: 1 Artikel/ }).click();
  await expectNotice(page.getByRole('dialog', { name: 'Warenkorb' }), 'inkl. MwSt.');
  await page.keyboard.press('Escape');
  await Promise.all([hydrated(page), page.goto('/warenkorb/')]);
  await expect(
    page
      .locator('.totals')
      .getByText(/^inkl\. \d+ % MwSt\.$/)
      .first(),
  ).toBeVisible();
  await Promise.all([hydrated(page), page.goto('/kasse/')]);
  await expect(
    page
      .getByTestId('order-summary')
      .getByText(/^inkl\. \d+ % MwSt\.$/)
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('order-summary').getByRole('link', { name: 'Versand' })).toHaveAttribute('href', '/versand-und-zahlung/');

  // The Zahlungsarten page exists.
  await Promise.all([hydrated(page), page.goto('/zahlungsarten/')]);
  await expect(page.getByRole('heading', { name: 'Zahlungsarten', level: 1 }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a small business (§19 UStG) shows no VAT anywhere', async ({ page, request }) => {
  const errors = watchErrors(page);
  const before = await setSettings(request, { laden_small_business: true });
  try {
    const product = await simpleInStock(request);
    await Promise.all([hydrated(page), page.goto(new URL(product.permalink).pathname)]);
    await expectNotice(page.locator('.product__summary'), 'Kein Ausweis der MwSt. (Kleinunternehmer, § 19 UStG)');
    await expect(page.locator('.product__summary').getByText('inkl. MwSt.')).toHaveCount(0);
    await expect(
      page.getByRole('contentinfo').getByText('Alle Preise ohne Ausweis der MwSt. (Kleinunternehmer, § 19 UStG), zzgl. Versandkosten.'),
    ).toBeVisible();
    await atCheckoutWithOne(page, request);
    const summary = page.getByTestId('order-summary');
    await expect(summary.getByText('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmer).')).toBeVisible();
    await expect(summary.getByText(/MwSt\./)).toHaveCount(0);
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('checkout: the order information sits directly above the button, the checkboxes are checked, and the order records them', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const before = await setSettings(request, {
    laden_checkbox_parcel_delivery: true,
    laden_order_button_text: 'Jetzt zahlungspflichtig bestellen',
  });
  try {
    const product = await atCheckoutWithOne(page, request);

    const button = page.getByRole('button', { name: 'Jetzt zahlungspflichtig bestellen' });
    await expect(button).toBeVisible();
    // §312j: items, total and payment method right before the button, nothing in between.
    expect(await button.evaluate((b) => b.previousElementSibling?.getAttribute('data-testid'))).toBe('order-summary');
    const summary = page.getByTestId('order-summary');
    await expect(summary.getByText(product.name)).toBeVisible();
    await expect(summary.getByTestId('order-total')).toBeVisible();

    const terms = page.getByRole('checkbox', { name: /AGB.*Widerrufsbelehrung/ });
    const parcel = page.getByRole('checkbox', { name: /Paketdienst/ });
    await expect(terms).not.toBeChecked();
    await expect(parcel).not.toBeChecked();
    await expect(page.locator('.checkout__checkbox--terms').getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/agb/');
    await expect(page.locator('.checkout__checkbox--terms').getByRole('link', { name: 'Widerrufsbelehrung' })).toHaveAttribute(
      'href',
      '/widerrufsbelehrung/',
    );

    // Without the terms nothing is sent.
    await fillCheckout(page);
    await terms.uncheck();
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('/wc/store/v1/checkout')) posted = true;
    });
    await button.click();
    await expect(
      page
        .locator('.checkout__checkbox--terms')
        .getByText('Bitte lesen und akzeptieren Sie die AGB und die Widerrufsbelehrung, um Ihre Bestellung abzuschließen.'),
    ).toBeVisible();
    expect(posted).toBe(false);

    // The optional checkbox may stay empty; the terms are ticked. Paid in advance (Vorkasse).
    await terms.check();
    await page.getByRole('radio', { name: /Vorkasse/ }).check();
    await expect(page.getByTestId('order-summary')).toContainText('Zahlungsart: Vorkasse');
    await Promise.all([page.waitForURL(/\/bestellung-erhalten\/\d+\//), button.click()]);
    const orderId = Number(/bestellung-erhalten\/(\d+)\//.exec(page.url())![1]);
    // The thank-you page says where to transfer the money.
    const bank = page.getByRole('region', { name: 'Unsere Bankverbindung' });
    await expect(bank).toContainText('DE89 3704 0044 0532 0130 00');
    await expect(bank).toContainText(`Bestellung ${orderId}`);
    const nonce = (await (await request.get('/wp-admin/admin-ajax.php?action=rest-nonce')).text()).trim();
    const order = (await (await request.get(`/wp-json/wc/v3/orders/${orderId}`, { headers: { 'X-WP-Nonce': nonce } })).json()) as {
      laden_legal: Array<{ id: string; text: string; pages: Array<{ slug: string; revision: number }> }>;
    };
    expect(order.laden_legal.map((a) => a.id)).toEqual(['terms']);
    expect(order.laden_legal[0]!.text).toBe('Ich habe die AGB und die Widerrufsbelehrung gelesen und akzeptiere sie.');
    expect(order.laden_legal[0]!.pages.map((p) => p.slug)).toEqual(['agb', 'widerrufsbelehrung']);
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('the withdrawal button as a guest: footer link, identify, confirm, on-screen and e-mail receipt, seen by staff', async ({
  page,
  request,
  browser,
}) => {
  const errors = watchErrors(page);
  const product = await simpleInStock(request);
  const email = `gast-${Date.now()}@example.de`;
  const orderId = await guestOrder(request, product.id, email);

  await Promise.all([hydrated(page), page.goto('/')]);
  // The form works once the page has hydrated (its own chunk loads first): wait for that.
  await Promise.all([hydrated(page), page.getByRole('contentinfo').getByRole('link', { name: 'Vertrag widerrufen' }).click()]);
  await expect(page).toHaveURL(/\/vertrag-widerrufen\/$/);
  await expect(page.getByRole('heading', { name: 'Vertrag widerrufen', level: 1 })).toBeVisible();

  // A wrong e-mail address finds nothing, and says so.
  await page.getByLabel(/^Bestellnummer/).fill(String(orderId));
  await page.getByLabel(/^E-Mail-Adresse/).fill('jemand-anders@example.de');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Wir haben keine Bestellung mit dieser Nummer und E-Mail-Adresse gefunden. Bitte prüfen Sie beide Angaben.',
  );

  // Step one, then step two.
  await page.getByLabel(/^E-Mail-Adresse/).fill(email);
  await page.getByRole('button', { name: 'Weiter' }).click();
  const confirm = page.getByRole('form', { name: 'Widerruf bestätigen' });
  await expect(confirm.getByText(`Bestellung Nr. ${orderId}`, { exact: false })).toBeVisible();
  await expect(confirm.getByText(`1 × ${product.name}`)).toBeVisible();
  await confirm.getByLabel('Ihre Erklärung (optional)').fill('Gefällt mir nicht.');
  await confirm.getByRole('button', { name: 'Widerruf bestätigen' }).click();
  const done = page.getByRole('status');
  await expect(done.getByRole('heading', { name: 'Widerruf eingegangen' })).toBeVisible();
  await expect(done).toContainText('Ihr Widerruf ist bei uns eingegangen.');
  await expect(done).toContainText(`Bestellung Nr. ${orderId}, eingegangen am`);

  // The receipt e-mail is delivered (no SMTP configured: the outbox folder of the data directory).
  const outbox = `${e2eData()}/outbox`;
  await expect
    .poll(
      async () => {
        for (const name of (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('-withdrawal_receipt.eml'))) {
          if ((await readFile(`${outbox}/${name}`, 'utf8')).includes(`To: ${email}`)) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);

  // Staff see the withdrawal on the order, and its e-mails.
  const staff = await browser.newPage();
  await staff.goto(`/wp-admin/bestellungen/${orderId}/`);
  await staff.getByLabel('Benutzername oder E-Mail-Adresse').fill('admin');
  await staff.getByLabel('Passwort').fill('e2e-Röstmeister-2026');
  await staff.getByRole('button', { name: 'Anmelden' }).click();
  await expect(staff.getByTestId('order-withdrawal')).toContainText('den Vertrag widerrufen');
  await expect(staff.getByTestId('order-withdrawal')).toContainText('Gefällt mir nicht.');
  await expect(staff.getByTestId('order-mails')).toContainText('Widerrufsbestätigung');
  await expect(staff.getByTestId('order-mails')).toContainText('Bestellbestätigung');
  await staff.close();
  expect(errors).toEqual([]);
});

test('a sale price shows the lowest price of the 30 days before the reduction', async ({ page, request }) => {
  const errors = watchErrors(page);
  const product = (await storeProducts(request)).find((p) => p.type === 'simple' && p.on_sale && p.extensions.laden.lowest_price !== null);
  expect(product, 'the demo has a simple product on sale').toBeTruthy();
  const text = `Niedrigster Preis der letzten 30 Tage: ${formatMoney(product!.extensions.laden.lowest_price!)}`;
  await Promise.all([hydrated(page), page.goto(new URL(product!.permalink).pathname)]);
  await expect(page.locator('.product__summary').locator('.price__lowest')).toHaveText(text);
  await Promise.all([hydrated(page), page.goto(`/produkt-kategorie/${product!.categories[0]!.slug}/?per_page=100`)]);
  await expect(page.locator(`.product-card[data-product-id="${product!.id}"]`).locator('.price__lowest')).toHaveText(text);
  // A product at its regular price shows none.
  const regular = (await storeProducts(request)).find(
    (p) => !p.on_sale && p.categories.some((c) => c.slug === product!.categories[0]!.slug),
  )!;
  await expect(page.locator(`.product-card[data-product-id="${regular.id}"]`)).toBeVisible();
  await expect(page.locator(`.product-card[data-product-id="${regular.id}"]`).locator('.price__lowest')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a customer registers, is refused until the e-mail address is confirmed by the link, then logs in', async ({ page }, info) => {
  const errors = watchErrors(page);
  const email = `kundin-${info.project.name}-${Date.now()}@example.de`;
  await page.goto('/mein-konto/');
  const register = page.locator('#registrieren');
  await expect(register.getByRole('heading', { name: 'Kundenkonto anlegen' })).toBeVisible();
  await register.getByLabel('E-Mail-Adresse').fill(email);
  await register.getByLabel('Passwort (mindestens 8 Zeichen)').fill('sicheres-Passwort-1');
  await register.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
  await register.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByRole('heading', { name: 'Fast geschafft' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Wir haben einen Bestätigungslink an ${email} geschickt.`);

  // No login yet.
  await page.goto('/wp-login.php');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill('sicheres-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Wir haben Ihnen bei der Registrierung einen Link geschickt.',
  );
  await expect(page.getByRole('button', { name: 'Bestätigungslink erneut senden' })).toBeVisible();

  // The link from the e-mail confirms the address.
  const link = await mailedLink(
    'account_confirmation',
    email,
    /https?:\/\/\S+\/mein-konto\/bestaetigen\/\?user=\d+&(?:amp;)?key=[0-9a-f]+/,
  );
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('status')).toHaveText('Danke: Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.');
  await expect(page.getByLabel('Benutzername oder E-Mail-Adresse')).toHaveValue(email);
  await page.getByLabel('Passwort').fill('sicheres-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/mein-konto\/$/);
  await expect(page.getByRole('link', { name: 'Abmelden' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('without guest checkout a visitor is asked to log in or register at the checkout', async ({ page, request }) => {
  const errors = watchErrors(page);
  const before = await setSettings(request, { laden_guest_checkout: false });
  try {
    await atCheckoutWithOne(page, request);
    await expect(page.getByRole('status')).toHaveText('Bitte melden Sie sich an oder legen Sie ein Kundenkonto an, um zu bestellen.');
    await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/wp-login.php?redirect_to=%2Fkasse%2F');
    await expect(page.getByRole('link', { name: 'Kundenkonto anlegen' })).toHaveAttribute('href', '/mein-konto/#registrieren');
    await expect(page.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toHaveCount(0);
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('the administrator sets the German-market options in the settings screen; the shop follows', async ({ page, request }) => {
  const errors = watchErrors(page);
  // A known start; the screen changes these and the test puts them back.
  const before = await setSettings(request, {
    laden_order_button_text: 'Zahlungspflichtig bestellen',
    laden_checkbox_parcel_delivery: false,
    laden_bank_iban: 'DE89 3704 0044 0532 0130 00',
    laden_discourage_search_engines: false,
  });
  try {
    await page.goto('/wp-admin/einstellungen/');
    await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('admin');
    await page.getByLabel('Passwort').fill('e2e-Röstmeister-2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByLabel('Text des Bestellbuttons')).toHaveValue('Zahlungspflichtig bestellen');
    // A wrong IBAN is named at its field in German, and nothing is saved.
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await page.getByLabel('Text des Bestellbuttons').fill('Kaufen und bezahlen');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Bitte eine gültige IBAN angeben.').first()).toBeVisible();
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('Optionale Checkbox: E-Mail-Adresse an den Paketdienst weitergeben').check();
    // While the shop is being set up, search engines are asked to stay away.
    await page.getByLabel('Suchmaschinen davon abhalten, diese Website zu indexieren (solange der Shop eingerichtet wird)').check();
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
    expect(await (await request.get('/')).text()).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(await (await request.get('/robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n');

    // The checkout shows the new button text and the optional checkbox.
    await atCheckoutWithOne(page, request);
    await expect(page.getByRole('button', { name: 'Kaufen und bezahlen' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Paketdienst/ })).not.toBeChecked();
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});
