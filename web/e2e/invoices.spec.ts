import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { type Locator, type Page } from '@playwright/test';
import { ADMIN, adminNonce, audit, fillCheckout, hydrated, setSettings, shopManager, watchErrors } from './helpers';

// Invoices (issue 30): the demo shop issues them when the payment is there; an order paid by
// invoice ("Rechnung") is, so the invoice comes with the order.

/** Follows a download link; the file's name and bytes. */
async function download(page: Page, link: ReturnType<Page['getByRole']>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/**
 * A packet of oat biscuits (a product no other spec counts the stock of) in the cart, the checkout open and filled with a German
 * address and invoice payment; `onProductPage` checks the product page first.
 */
async function atCheckout(page: Page, onProductPage?: () => Promise<void>): Promise<void> {
  let loaded = hydrated(page);
  await page.goto('/produkt/haferkekse/');
  await loaded;
  await onProductPage?.();
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).not.toHaveText('0');
  loaded = hydrated(page);
  await page.goto('/kasse/');
  await loaded;
  await fillCheckout(page);
}

/** The billing address moved to `country`, with a postcode and town there. */
async function billTo(page: Page, country: string, postcode: string, town: string): Promise<void> {
  const billing = page.getByRole('group', { name: 'Rechnungsdetails' });
  await billing.getByLabel(/^Land/).selectOption(country);
  await billing.getByLabel(/^Postleitzahl/).fill(postcode);
  await billing.getByLabel(/^Ort/).fill(town);
}

/**
 * At the open checkout: the German total with 7 % VAT on the biscuits, then the billing address
 * moved to Vienna until the review names Austria's 10 %. The review, the total and the German total.
 */
async function toAustria(page: Page): Promise<{ review: Locator; total: Locator; gross: string }> {
  const review = page.locator('.checkout__review');
  const total = page.getByTestId('order-total');
  await expect(review.getByText('inkl. 7 % MwSt.')).toBeVisible();
  const gross = (await total.textContent()) ?? '';
  await billTo(page, 'AT', '1010', 'Wien');
  await expect(review.getByText('inkl. 10 % MwSt.')).toBeVisible();
  return { review, total, gross };
}

/** Orders the biscuits, paid by invoice; the order received page is open. */
async function orderBiscuits(page: Page): Promise<void> {
  await atCheckout(page);
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
}

test('the customer downloads the invoice from the order page, staff from the order and the month', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await orderBiscuits(page);
  const orderId = /\/bestellung-erhalten\/(\d+)\//.exec(page.url())![1];

  // The customer: a PDF/A with the e-invoice inside, named by its number.
  const invoices = page.getByRole('region', { name: 'Rechnungen' });
  const link = invoices.getByRole('link', { name: /^Rechnung RE-\d{4}-\d{5} vom \d\d\.\d\d\.\d{4} \(PDF\)$/ });
  await expect(link).toBeVisible();
  const number = /RE-\d{4}-\d{5}/.exec((await link.textContent())!)![0];
  const mine = await download(page, link);
  expect(mine.name).toBe(`Rechnung-${number}.pdf`);
  expect(mine.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(mine.bytes.includes('factur-x.xml')).toBe(true);
  expect(errors).toEqual([]);

  // Staff: in a browser of their own, from the order screen and from the month's list.
  const manager = await shopManager(request, `buchhaltung-${info.project.name}`);
  const staff = await browser.newPage({ viewport: page.viewportSize() });
  const staffErrors = watchErrors(staff);
  await staff.goto(`/wp-admin/bestellungen/${orderId}/`);
  await staff.getByLabel('Benutzername oder E-Mail-Adresse').fill(manager.log);
  await staff.getByLabel('Passwort').fill(manager.pwd);
  await staff.getByRole('button', { name: 'Anmelden' }).click();
  const panel = staff.getByRole('region', { name: 'Rechnungen' });
  const fromOrder = await download(staff, panel.getByRole('link', { name: `${number} (PDF)` }));
  expect(fromOrder.name).toBe(`Rechnung-${number}.pdf`);
  expect(fromOrder.bytes.equals(mine.bytes)).toBe(true);
  // An invoice in force: no second one to issue.
  await expect(panel.getByRole('button', { name: 'Rechnung erstellen' })).toHaveCount(0);

  // A refund: more packets than sold are named at their field; one packet back (damaged) is
  // recorded, and its partial cancellation invoice joins the order's invoices.
  const refunds = staff.getByRole('region', { name: 'Erstattungen' });
  const units = refunds.getByLabel(/^Stück zurück: /);
  await units.fill('2');
  await refunds.getByRole('button', { name: 'Erstattung erfassen' }).click();
  await expect(units).toHaveAccessibleDescription('Geben Sie ganze Stück von 0 bis 1 an.');
  await expect(units).toHaveAttribute('aria-invalid', 'true');
  // The order screen with the refund form and its error passes the WCAG 2.2 AA audit.
  expect(await audit(staff, 'order with a refund error')).toEqual([]);
  await units.fill('1');
  await refunds.getByLabel('Grund').fill('Beschädigt angekommen');
  await refunds.getByRole('button', { name: 'Erstattung erfassen' }).click();
  await expect(refunds.getByRole('status')).toHaveText('Erstattung erfasst.');
  await expect(refunds.getByRole('listitem')).toContainText('Beschädigt angekommen');
  const partial = panel.getByRole('row', { name: /Teilstornorechnung/ });
  const partialLink = partial.getByRole('link', { name: /^ST-\d{4}-\d{5} \(PDF\)$/ });
  await expect(partialLink).toBeVisible();
  const storno = await download(staff, partialLink);
  expect(storno.name).toMatch(/^Teilstornorechnung-ST-\d{4}-\d{5}\.pdf$/);
  expect(storno.bytes.includes('factur-x.xml')).toBe(true);
  await expect(staff.getByText('Beschädigt angekommen', { exact: false }).first()).toBeVisible();

  await staff.getByRole('navigation').getByRole('link', { name: 'Rechnungen' }).click();
  await expect(staff).toHaveURL(/\/wp-admin\/rechnungen\/$/);
  await expect(staff.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
  const row = staff.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText(`Bestellung #${orderId}`);
  const fromList = await download(staff, row.getByRole('link', { name: `${number} (PDF)` }));
  expect(fromList.bytes.equals(mine.bytes)).toBe(true);
  const month = await staff.getByLabel('Monat').inputValue();
  const zip = await download(staff, staff.getByRole('link', { name: 'Alle Rechnungen des Monats (ZIP)' }));
  expect(zip.name).toBe(`Rechnungen-${month}.zip`);
  expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
  expect(zip.bytes.includes(`Rechnung-${number}.pdf`)).toBe(true);
  const csv = await download(staff, staff.getByRole('link', { name: 'Liste für die Steuerberatung (CSV)' }));
  expect(csv.name).toBe(`Rechnungen-${month}.csv`);
  expect(csv.bytes.toString('utf8')).toContain(`${number};Rechnung;`);
  expect(csv.bytes.toString('utf8')).toContain(`;Teilstornorechnung;`);
  // The Zusammenfassende Meldung of the month's quarter, as the BZSt's form imports it.
  const quarter = `${month.slice(0, 4)}-Q${Math.ceil(Number(month.slice(5)) / 3)}`;
  const zm = await download(staff, staff.getByRole('link', { name: `Zusammenfassende Meldung des Quartals ${quarter.slice(5)} (CSV)` }));
  expect(zm.name).toBe(`ZM-${quarter}.csv`);
  expect(zm.bytes.toString('utf8')).toMatch(/^#v3\.0\n#ve3\.2\.0\nLänderkennzeichen und USt-IdNr\.,Betrag \(EUR\),Art der Leistung\n/);
  // The quarter's One-Stop-Shop return: its header, and whatever OSS sales the shop made.
  const oss = await download(staff, staff.getByRole('link', { name: `OSS-Meldung für Quartal ${quarter.slice(5)} (CSV)` }));
  expect(oss.name).toBe(`OSS-${quarter}.csv`);
  expect(oss.bytes.toString('utf8')).toMatch(/^\uFEFFLand;Steuersatz;Bemessungsgrundlage;Steuerbetrag\n/);
  // The month before has none of them.
  await staff.getByRole('button', { name: 'Voriger Monat' }).click();
  await expect(staff.getByText('In diesem Monat wurden keine Rechnungen erstellt.')).toBeVisible();
  // The screen fits the band (no sideways scrolling).
  expect(await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  expect(staffErrors).toEqual([]);
  await staff.close();

  // The customer's order page shows the refund and its partial cancellation invoice.
  await Promise.all([hydrated(page), page.reload()]);
  await expect(page.getByTestId('order-refunded')).toContainText('Rückerstattet');
  await expect(invoices.getByRole('link', { name: /^Teilstornorechnung ST-\d{4}-\d{5} vom \d\d\.\d\d\.\d{4} \(PDF\)$/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the administrator finds the invoice settings, and they fit the band', async ({ page }) => {
  await page.goto('/wp-admin/einstellungen/');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(ADMIN.log);
  await page.getByLabel('Passwort').fill(ADMIN.pwd);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  const panel = page.getByRole('group', { name: 'Rechnungen' });
  await expect(panel.getByLabel('Rechnungen erstellen')).toHaveValue('paid');
  await expect(panel.getByLabel('Stornorechnungsnummern')).toHaveValue('ST-{YYYY}-{00000}');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});

test('a business from Austria gives its VAT ID and buys the goods tax-free (intra-community supply)', async ({ page, request }) => {
  const errors = watchErrors(page);
  const before = await setSettings(request, { laden_reverse_charge: true });
  try {
    await atCheckout(page);
    const billing = page.getByRole('group', { name: 'Rechnungsdetails' });
    await billing.getByLabel(/^Firma/).fill('Kaffeehaus Wien GmbH');
    await billTo(page, 'AT', '1010', 'Wien');
    const vat = billing.getByLabel('USt-IdNr. (optional, für Unternehmen)');
    await expect(
      billing.getByText('Unternehmen aus einem anderen EU-Land mit gültiger USt-IdNr. zahlen keine Umsatzsteuer (Reverse Charge).'),
    ).toBeVisible();
    // A German id for an Austrian address is named at its field, and nothing is ordered.
    await vat.fill('DE123456789');
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(billing.getByText('Bitte eine USt-IdNr. des Rechnungslandes eingeben, etwa ATU12345678 für Österreich.')).toBeVisible();
    await expect(vat).toHaveAttribute('aria-invalid', 'true');
    await expect(vat).toBeFocused();
    await vat.fill('ATU 1234 5678');
    // Once the field is left, the checkout shows the net amounts the order will charge.
    await vat.press('Tab');
    const review = page.locator('.checkout__review');
    await expect(review.getByTestId('tax-free-notice')).toHaveText(
      'Steuerfreie innergemeinschaftliche Lieferung: Die Beträge verstehen sich ohne Umsatzsteuer.',
    );
    await expect(review.getByText(/^inkl\. \d+ % MwSt\.$/)).toHaveCount(0);
    const net = await page.getByTestId('order-total').textContent();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
    await expect(page.locator('main').getByRole('row', { name: /^Gesamtsumme/ })).toContainText(net ?? '-');
    await expect(page.getByText('USt-IdNr.: ATU12345678')).toBeVisible();
    await expect(
      page.getByText('Steuerfreie innergemeinschaftliche Lieferung: Die Beträge verstehen sich ohne Umsatzsteuer.'),
    ).toBeVisible();
    const link = page.getByRole('region', { name: 'Rechnungen' }).getByRole('link', { name: /^Rechnung RE-/ });
    const pdf = await download(page, link);
    expect(pdf.bytes.includes('factur-x.xml')).toBe(true);
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('a shopper in Switzerland is told of the export, and pays the net price the checkout shows', async ({ page }) => {
  const errors = watchErrors(page);
  await atCheckout(page, () =>
    expect(page.getByTestId('export-note')).toHaveText(
      'Lieferungen in Länder außerhalb der EU sind steuerfreie Ausfuhren: Sobald Sie ein solches Lieferland wählen, berechnet der Warenkorb den Preis ohne deutsche Umsatzsteuer.',
    ),
  );
  const review = page.locator('.checkout__review');
  const total = page.getByTestId('order-total');
  await expect(review.getByText(/^inkl\. \d+ % MwSt\.$/).first()).toBeVisible();
  const gross = await total.textContent();
  await billTo(page, 'CH', '8001', 'Zürich');
  const notice = 'Steuerfreie Ausfuhrlieferung: Die Beträge verstehen sich ohne deutsche Umsatzsteuer.';
  await expect(review.getByTestId('tax-free-notice')).toHaveText(notice);
  await expect(review.getByText(/^inkl\. \d+ % MwSt\.$/)).toHaveCount(0);
  await expect(total).not.toHaveText(gross ?? '');
  const net = await total.textContent();
  // The mini cart says the same of its subtotal.
  await page.getByRole('link', { name: /^Warenkorb: \d+ Artikel/ }).click();
  const mini = page.getByRole('dialog', { name: 'Warenkorb' });
  await expect(mini.locator('.mini-cart__vat')).toContainText('ohne MwSt. (steuerfreie Lieferung)');
  await page.keyboard.press('Escape');
  await expect(mini).toBeHidden();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page.locator('main').getByRole('row', { name: /^Gesamtsumme/ })).toContainText(net ?? '-');
  expect(errors).toEqual([]);
});

test('under the One-Stop-Shop a shopper in Austria or France pays that country’s VAT on the same total', async ({ page, request }) => {
  const errors = watchErrors(page);
  const before = await setSettings(request, { laden_oss: true });
  try {
    await atCheckout(page);
    const { review, total, gross } = await toAustria(page);
    await expect(review.getByText('inkl. 7 % MwSt.')).toHaveCount(0);
    await expect(total).toHaveText(gross);
    await billTo(page, 'FR', '69001', 'Lyon');
    await expect(review.getByText('inkl. 5,5 % MwSt.')).toBeVisible();
    await expect(total).toHaveText(gross);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
    const main = page.locator('main');
    await expect(main.getByRole('row', { name: /^inkl\. 5,5 % MwSt\./ })).toBeVisible();
    await expect(main.getByRole('row', { name: /^Gesamtsumme/ })).toContainText(gross);
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('without fixed gross prices a shopper in Austria pays Austria’s VAT on the German net price', async ({ page, request }) => {
  const errors = watchErrors(page);
  const before = await setSettings(request, { laden_oss: true, laden_oss_fixed_gross_prices: false });
  try {
    await atCheckout(page, () =>
      expect(page.getByTestId('eu-net-note')).toHaveText(
        'Wo der Shop die Umsatzsteuer eines anderen EU-Lieferlands berechnet, bleibt der Nettopreis gleich: Sobald Sie das Lieferland wählen, zeigt der Warenkorb den Preis mit dessen Umsatzsteuer.',
      ),
    );
    const { total, gross } = await toAustria(page);
    // 10 % on the net instead of 7 %: dearer.
    await expect(total).not.toHaveText(gross);
    const austrian = (await total.textContent()) ?? '';
    const euros = (s: string) => Number(s.replace(/[^\d,]/g, '').replace(',', '.'));
    expect(euros(austrian)).toBeGreaterThan(euros(gross));
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
    await expect(page.locator('main').getByRole('row', { name: /^Gesamtsumme/ })).toContainText(austrian);
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('a delivery country without postcodes (Hong Kong) asks for none, and the order goes through', async ({ page, request }) => {
  const errors = watchErrors(page);
  const nonce = await adminNonce(request);
  const settings = (await (await request.get('/wp-json/wp/v2/settings', { headers: { 'X-WP-Nonce': nonce } })).json()) as {
    laden_delivery_countries: string[];
  };
  const before = await setSettings(request, { laden_delivery_countries: [...settings.laden_delivery_countries, 'HK'] });
  try {
    await atCheckout(page);
    const billing = page.getByRole('group', { name: 'Rechnungsdetails' });
    await expect(billing.getByLabel(/^Postleitzahl/)).toBeVisible();
    await billing.getByLabel(/^Land/).selectOption('HK');
    await expect(billing.getByLabel(/^Postleitzahl/)).toHaveCount(0);
    await billing.getByLabel(/^Ort/).fill('Hongkong');
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\/\?key=wc_order_/);
    await expect(page.locator('main').getByText('Hongkong').first()).toBeVisible();
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('an invoice link without its order key finds nothing', async ({ page }) => {
  const res = await page.goto('/rechnung/1?key=wc_order_falsch');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Rechnung' })).toBeVisible();
  await expect(page.getByText('Diese Rechnung gibt es nicht, oder der Link ist nicht vollständig.')).toBeVisible();
});
