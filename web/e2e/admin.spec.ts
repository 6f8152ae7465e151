import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { pngImage } from '../src/test/laden-server';
import {
  ADMIN,
  adminNonce,
  fillCheckout,
  guestOrder,
  hydrated,
  shopManager,
  signIn,
  simpleInStock,
  watchErrors,
  withProduct,
} from './helpers';

// Attribution needs marketing consent; the shopper in these tests gave it.
test.use({
  storageState: {
    cookies: [
      {
        name: 'wp_consent_statistics',
        value: 'deny',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax',
      },
      {
        name: 'wp_consent_marketing',
        value: 'allow',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax',
      },
    ],
    origins: [],
  },
});

async function logIn(page: Page, who: { log: string; pwd: string }, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/wp-login\.php\?redirect_to=/);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(who.log);
  await page.getByLabel('Passwort').fill(who.pwd);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

test('a shop manager creates a variable product with images and stock, sees it in the shop, receives an order with its origin and changes its status', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const band = info.project.name;
  const name = `Espresso Röstfrisch ${band} ${Date.now().toString(36)}`;
  const manager = await shopManager(request, `leiterin-${band}`);
  await logIn(page, manager, '/wp-admin/produkte/neu/');
  await expect(page.getByRole('heading', { name: 'Produkt hinzufügen' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Produkte' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A failed save keeps what was typed and says what is wrong, next to the field.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Regulärer Preis (€)').fill('zwölf');
  await page.getByRole('button', { name: 'Produkt speichern' }).click();
  await expect(page.getByText('Bitte einen Preis wie 12,90 eingeben.')).toBeVisible();
  await expect(page.getByLabel('Regulärer Preis (€)')).toHaveAttribute('aria-invalid', 'true');
  // The field to correct has the focus (WCAG 3.3.1), as on the shop's forms.
  await expect(page.getByLabel('Regulärer Preis (€)')).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);

  // Variable: one attribute, generated variations with prices and stock.
  await page.getByLabel('Produkttyp').selectOption('variable');
  await page.getByRole('button', { name: 'Merkmal hinzufügen' }).click();
  await page.getByLabel('Name des Merkmals').fill('Größe');
  await page.getByLabel('Werte (durch Kommas getrennt)').fill('250 g, 1 kg');
  await page.getByRole('button', { name: 'Varianten erzeugen' }).click();
  const variations = page.getByTestId('variation');
  await expect(variations).toHaveCount(2);
  for (const [i, price] of [
    ['0', '9,90'],
    ['1', '29,90'],
  ] as const) {
    const v = variations.nth(Number(i));
    await v.getByLabel('Regulärer Preis (€)').fill(price);
    await v.getByLabel('Lagerbestand verwalten').check();
    await v.getByLabel('Lagerbestand', { exact: true }).fill('5');
  }
  // The 1 kg bag shows a video instead of the first image while it is chosen (attached media).
  const kilo = variations.nth(1);
  await kilo.getByText('Video statt des ersten Bildes').click();
  await kilo.getByLabel('Video zeigen, wenn diese Variante gewählt ist').check();
  await kilo.getByLabel('Video-Adresse oder Einbettungscode').fill('/uploads/roestung-1kg.mp4');
  await expect(kilo.getByText('Wird als Video gezeigt.')).toBeVisible();
  // Images: uploaded into the media library, the first is the main image.
  await page.getByRole('button', { name: 'Bilder hinzufügen' }).click();
  await page.getByLabel('Bilder hochladen').setInputFiles([
    { name: 'bohnen.png', mimeType: 'image/png', buffer: Buffer.from(pngImage(400, 300)) },
    { name: 'tasse.png', mimeType: 'image/png', buffer: Buffer.from(pngImage(300, 300)) },
  ]);
  await expect(page.getByText('tasse.png: hochgeladen')).toBeVisible();
  await expect(page.locator('.admin-images li')).toHaveCount(2);
  // Without an alternative text each image says so, linking to the media library.
  await expect(page.locator('.admin-images').getByRole('link', { name: 'Ohne Alternativtext' })).toHaveCount(2);
  // Given in the upload's own field (Enter saves), the first image's warning goes once the editor reloads.
  await page.getByLabel('Alternativtext für bohnen.png').fill('Geröstete Kaffeebohnen');
  await page.getByLabel('Alternativtext für bohnen.png').press('Enter');
  await expect(page.getByText('Gespeichert.').first()).toBeVisible();
  // The second image becomes the main image.
  await page.getByRole('button', { name: 'Bild 2 nach vorne verschieben' }).click();
  await expect(page.locator('.admin-images li img').first()).toHaveAttribute('src', /tasse/);
  await page.getByRole('button', { name: 'Produkt speichern' }).click();
  await expect(page).toHaveURL(/\/wp-admin\/produkte\/\d+\/\?gespeichert=1$/);
  await expect(page.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();
  await expect(page.getByTestId('variation')).toHaveCount(2);
  await expect(page.getByTestId('variation').first().getByLabel('Lagerbestand', { exact: true })).toHaveValue('5');
  await expect(page.getByTestId('variation').nth(1).getByLabel('Video-Adresse oder Einbettungscode')).toHaveValue(
    '/uploads/roestung-1kg.mp4',
  );
  const productId = Number(/produkte\/(\d+)\//.exec(page.url())![1]);
  const permalink = await page.getByRole('link', { name: 'Vorschau im Shop' }).getAttribute('href');
  expect(permalink).toMatch(/\/produkt\/espresso-roestfrisch-/);

  // A shopper arrives from the newsletter, finds it and buys the 1 kg bag.
  const shopper = await browser.newPage();
  const path = new URL(permalink!).pathname;
  await Promise.all([hydrated(shopper), shopper.goto(`${path}?utm_source=newsletter&utm_medium=email`)]);
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    shopper
      .locator('.product-summary, main')
      .getByText(/9,90\s€/)
      .first(),
  ).toBeVisible();
  await expect(shopper.locator('main img[src*="/uploads/"]').first()).toBeVisible();
  await shopper.getByLabel('Größe', { exact: true }).selectOption('1 kg');
  await expect(shopper.locator('main video[src$="/uploads/roestung-1kg.mp4"]').first()).toBeAttached();
  await shopper.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(shopper.getByRole('link', { name: /Warenkorb/ }).first()).toContainText('1');
  await Promise.all([hydrated(shopper), shopper.goto('/kasse/')]);
  await fillCheckout(shopper);
  await shopper.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(shopper).toHaveURL(/\/bestellung-erhalten\/\d+\//);
  const orderId = /bestellung-erhalten\/(\d+)\//.exec(shopper.url())![1];
  await shopper.close();

  // The manager sees it with its origin, opens it and changes its status.
  await page.goto('/wp-admin/bestellungen/');
  const row = page.getByRole('row', { name: new RegExp(`#${orderId} `) });
  await expect(row).toContainText('Quelle: Newsletter');
  await expect(row).toContainText('In Bearbeitung');
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: new RegExp(`Bestellung #${orderId}`) })).toBeVisible();
  await expect(page.getByTestId('order-origin')).toHaveText('Quelle: Newsletter');
  await expect(page.getByText('email', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('cell', { name: `${name} – 1 kg` })
      .or(page.getByRole('cell', { name: new RegExp(name) }))
      .first(),
  ).toBeVisible();
  // Amounts as the customer paid them: the bag 29,90 €, shipping 4,90 €, VAT included.
  const items = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Produkt' }) });
  await expect(items.getByRole('row').filter({ hasText: name })).toContainText('29,90');
  await expect(items.getByRole('row', { name: /^Versand/ })).toContainText('4,90');
  await expect(items.getByRole('row', { name: /^Gesamtsumme/ })).toContainText('34,80');
  // Paid on placing (processing), on today's German date; completed once the status says so.
  const today = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(),
  );
  const placed = page.getByText(/^Bestellt am /);
  await expect(placed).toContainText(`Bezahlt am ${today}`);
  await expect(placed).not.toContainText('Abgeschlossen am');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('completed');
  await page.getByRole('button', { name: 'Status ändern' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Bestellung #${orderId}`) })).toContainText('Fertiggestellt');
  await expect(placed).toContainText(`Abgeschlossen am ${today}`);
  await expect(page.getByText('Bestellstatus von „In Bearbeitung“ auf „Fertiggestellt“ geändert.')).toBeVisible();
  // The stock went down by the one bag sold.
  await page.goto(`/wp-admin/produkte/${productId}/`);
  await expect(page.getByTestId('variation').nth(1).getByLabel('Lagerbestand', { exact: true })).toHaveValue('4');
  expect(errors).toEqual([]);
});

test('CSV import through the admin shows progress and a per-row report; the export downloads', async ({ page, request }, info) => {
  const band = `${info.project.name}-${Date.now().toString(36)}`;
  const manager = await shopManager(request, `leiterin-${info.project.name}`);
  await logIn(page, manager, '/wp-admin/import/');
  // Drafts, so the shop the other specs see stays as it was; enough rows to watch the progress.
  const rows = Array.from(
    { length: 1000 },
    (_, i) => `simple,CSV-${band}-${i},Importkaffee ${band} ${i},0,${i === 7 ? 'kaputt' : '5,50'},3,Import`,
  );
  const csv = `Type,SKU,Name,Published,Regular price,Stock,Categories\n${rows.join('\n')}\n`;
  await page.getByRole('button', { name: 'Importieren' }).click();
  await expect(page.getByText('Bitte eine CSV-Datei auswählen.')).toBeVisible();
  await page.getByLabel('CSV-Datei').setInputFiles({ name: 'produkte.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Importieren' }).click();
  // The bar follows the server's progress while the import runs, then the report replaces it.
  await expect(page.getByRole('progressbar', { name: /^Import läuft: \d+ von \d+ Zeilen$/ })).toBeVisible();
  await expect(page.getByText('Import abgeschlossen.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('999 angelegt, 0 aktualisiert, 1 Zeilen mit Fehlern.')).toBeVisible();
  const errorRow = page.getByRole('row', { name: /^9 Fehler/ });
  await expect(errorRow).toContainText('kaputt');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV herunterladen' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^produkte-\d{4}-\d\d-\d\d\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text).toContain(`CSV-${band}-0,Importkaffee ${band} 0`);
  // The imported products are in the product list.
  await page.goto('/wp-admin/produkte/');
  await page.getByLabel('Produkte durchsuchen').fill(`Importkaffee ${band} 999`);
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByRole('link', { name: `Importkaffee ${band} 999`, exact: true })).toBeVisible();
});

test('the product list is filtered by status and stock, each filter a labelled select whose „Alle“ filters nothing', async ({
  page,
  request,
}, info) => {
  const name = `Filterkaffee ${info.project.name}-${Date.now().toString(36)}`;
  const draft = { name, status: 'draft', regular_price: '5.00', stock_status: 'outofstock' };
  await withProduct(request, await adminNonce(request), draft, async () => {
    await signIn(page, '/wp-admin/produkte/');
    await page.getByLabel('Produkte durchsuchen').fill(name);
    await page.getByRole('button', { name: 'Suchen' }).click();
    const listed = page.getByRole('link', { name, exact: true });
    await expect(listed).toBeVisible();
    const stock = page.getByRole('combobox', { name: 'Bestand', exact: true });
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await expect(stock).toHaveValue('');
    await stock.selectOption({ label: 'Vorrätig' });
    await expect(page.getByText('Keine Produkte gefunden.')).toBeVisible();
    await stock.selectOption({ label: 'Ausverkauft' });
    await expect(listed).toBeVisible();
    await status.selectOption({ label: 'Veröffentlicht' });
    await expect(page.getByText('Keine Produkte gefunden.')).toBeVisible();
    await status.selectOption({ label: 'Entwurf' });
    await expect(listed).toBeVisible();
    await stock.selectOption({ label: 'Alle' });
    await status.selectOption({ label: 'Alle' });
    await expect(listed).toBeVisible();
  });
});

test('the administration is for staff only, and reachable by keyboard', async ({ page }) => {
  await page.goto('/wp-admin/');
  await expect(page).toHaveURL(/\/wp-login\.php\?redirect_to=%2Fwp-admin%2F$/);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(ADMIN.log);
  await page.getByLabel('Passwort').fill(ADMIN.pwd);
  await page.getByLabel('Passwort').press('Enter');
  await expect(page).toHaveURL(/\/wp-admin\/$/);
  await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
  await expect(page.getByTestId('orders-today')).toHaveText(/^\d+$/);
  // The year's EU distance sales against the One-Stop-Shop threshold, as text and as a meter.
  await expect(page.getByTestId('oss-sales')).toHaveText(
    /^Dieses Jahr [\d.]+,\d\d\u00a0€ von 10\.000,00\u00a0€ Lieferschwelle \(\d+ %\), im Vorjahr [\d.]+,\d\d\u00a0€: Verkäufe an Verbraucher in anderen EU-Ländern, netto\.$/,
  );
  await expect(page.getByLabel('Anteil an der Lieferschwelle')).toBeVisible();
  // Skip link first, then the frame's links.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
  const nav = page.getByRole('navigation', { name: 'Verwaltung' });
  await nav.getByRole('link', { name: 'Bestellungen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wp-admin\/bestellungen\/$/);
  await page.getByRole('button', { name: 'Fertiggestellt' }).click();
  await expect(page.getByRole('button', { name: 'Fertiggestellt' })).toHaveAttribute('aria-pressed', 'true');
});

async function asAdmin(page: Page, path: string): Promise<void> {
  await logIn(page, ADMIN, path);
}

test('reviews are moderated, and the shop shows only approved ones', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  // A review waiting for moderation, written through wc/v3 as a tool would.
  await request.post('/wp-login.php', { form: ADMIN, maxRedirects: 0 });
  const nonce = (await (await request.get('/wp-admin/admin-ajax.php?action=rest-nonce')).text()).trim();
  const products = (await (await request.get('/wp-json/wc/store/v1/products?per_page=1')).json()) as Array<{
    id: number;
    permalink: string;
  }>;
  const text = `Sehr aromatisch (${info.project.name} ${Date.now().toString(36)})`;
  const created = await request.post('/wp-json/wc/v3/products/reviews', {
    headers: { 'X-WP-Nonce': nonce },
    data: { product_id: products[0]!.id, review: text, reviewer: 'Jana', rating: 4, status: 'hold' },
  });
  expect(created.status()).toBe(201);
  const shopReviews = async () =>
    JSON.stringify(await (await request.get(`/wp-json/wc/store/v1/products/reviews?product_id=${products[0]!.id}&per_page=100`)).json());
  expect(await shopReviews()).not.toContain(text);

  await asAdmin(page, '/wp-admin/bewertungen/');
  await page.getByRole('button', { name: 'Ausstehend' }).click();
  const row = page.getByTestId('review').filter({ hasText: text });
  await expect(row).toContainText('4 von 5');
  await row.getByRole('button', { name: 'Freigeben' }).click();
  await expect(row).toHaveCount(0);
  expect(await shopReviews()).toContain(text);
  await page.getByRole('button', { name: 'Freigegeben' }).click();
  await page.getByTestId('review').filter({ hasText: text }).getByRole('button', { name: 'Spam' }).click();
  await expect(page.getByTestId('review').filter({ hasText: text })).toHaveCount(0);
  expect(await shopReviews()).not.toContain(text);
  expect(errors).toEqual([]);
});

test('categories: added, reordered by keyboard and by drag and drop, deleted', async ({ page }, info) => {
  const errors = watchErrors(page);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const cat = (text: string) => page.getByTestId('category').filter({ has: page.locator('.admin-tree__name', { hasText: text }) });
  await asAdmin(page, '/wp-admin/kategorien/');
  await page.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
  await expect(page.getByText('Bitte einen Namen eingeben.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  const parent = `Eltern ${tag}`;
  await page.getByLabel('Name', { exact: true }).fill(parent);
  await page.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
  await expect(cat(parent)).toBeVisible();
  for (const child of ['A', 'B', 'C']) {
    await page.getByLabel('Name', { exact: true }).fill(`${child} ${tag}`);
    await page.getByLabel('Übergeordnete Kategorie', { exact: true }).selectOption({ label: parent });
    await page.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
    await expect(cat(`${child} ${tag}`)).toBeVisible();
  }
  const order = async () =>
    (await page.locator('[data-testid="category"] .admin-tree__name').filter({ hasText: tag }).allTextContents())
      .map((t) => t.trim()[0])
      .join('');
  await expect.poll(order).toBe('EABC');
  // Keyboard: C up by one.
  await page.getByRole('button', { name: `C ${tag} nach oben verschieben` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(order).toBe('EACB');
  // Drag and drop: B before A.
  await cat(`B ${tag}`)
    .locator('.admin-drag-handle')
    .dragTo(cat(`A ${tag}`).locator('.admin-drag-handle'));
  await expect.poll(order).toBe('EBAC');
  // The order is saved: it survives a reload.
  await page.reload();
  await expect.poll(order).toBe('EBAC');
  // Re-parented to the top level through its parent field.
  await page.getByLabel(`Übergeordnete Kategorie von C ${tag}`).selectOption('0');
  await expect(page.getByText('Kategorie verschoben.')).toBeVisible();
  await expect(page.getByLabel(`Übergeordnete Kategorie von C ${tag}`)).toHaveValue('0');
  await expect.poll(order).toBe('CEBA');
  await page.getByRole('button', { name: `C ${tag} löschen` }).click();
  await expect(cat(`C ${tag}`)).toHaveCount(0);
  await page.getByRole('button', { name: `${parent} löschen` }).click();
  await expect(cat(parent)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('settings: German messages next to the field, typed input kept on a failed save, then saved', async ({ page }) => {
  const errors = watchErrors(page);
  await asAdmin(page, '/wp-admin/einstellungen/');
  const flat = page.getByLabel('Versandpauschale (€)').first();
  await expect(flat).toHaveValue(/^\d+,\d\d$/);
  const before = await flat.inputValue();
  await page.getByLabel('Untertitel').fill('Frisch geröstet in Leipzig');
  await flat.fill('vier Euro');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Bitte einen Preis wie 12,90 eingeben.')).toBeVisible();
  await expect(flat).toHaveAttribute('aria-invalid', 'true');
  await expect(flat).toBeFocused();
  await expect(page.getByLabel('Untertitel')).toHaveValue('Frisch geröstet in Leipzig');
  // The server's refusal (a cart link off the site) is shown the same way, nothing is lost.
  await flat.fill(before);
  await page.getByLabel('Warenkorb-Link').fill('https://evil.example/');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Der Warenkorb-Link muss # oder ein Pfad dieser Website sein.').first()).toBeVisible();
  await expect(page.getByLabel('Untertitel')).toHaveValue('Frisch geröstet in Leipzig');
  await page.getByLabel('Warenkorb-Link').fill('#');
  // At least one payment method; the VAT id is checked by the server.
  const methods = page.getByRole('group', { name: 'Zahlungsarten' }).getByRole('checkbox');
  // Vorkasse, Rechnung, Nachnahme, and Stripe's card and SEPA debit.
  await expect(methods).toHaveCount(5);
  const offline = (await methods.all()).slice(0, 3);
  for (const box of await methods.all()) await box.uncheck();
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Bitte mindestens eine Zahlungsart anbieten.')).toBeVisible();
  for (const box of offline) await box.check();
  await page.getByLabel('USt-IdNr.', { exact: true }).fill('DE12');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Bitte eine USt-IdNr. wie DE123456789 eingeben.').first()).toBeVisible();
  await page.getByLabel('USt-IdNr.', { exact: true }).fill('DE 123 456 789');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
  await expect(page.getByLabel('USt-IdNr.', { exact: true })).toHaveValue('DE123456789');
  // „An OSS teilnehmen“ is saved and read back; then off again (later specs tax Austria in Germany).
  const oss = () => page.getByRole('checkbox', { name: /^An OSS teilnehmen/ });
  const save = () =>
    Promise.all([
      page.waitForResponse((r) => r.url().includes('/wp-json/wp/v2/settings') && r.request().method() === 'POST' && r.ok()),
      page.getByRole('button', { name: 'Einstellungen speichern' }).click(),
    ]);
  await expect(oss()).not.toBeChecked();
  await oss().check();
  await save();
  await page.reload();
  await expect(page.getByLabel('Untertitel')).toHaveValue('Frisch geröstet in Leipzig');
  await expect(oss()).toBeChecked();
  await oss().uncheck();
  await save();
  expect(errors).toEqual([]);
});

test('delivery countries and shipping zones: a country added, its own zone and rate, checked in German, charged at checkout with its postcodes', async ({
  page,
  browser,
}) => {
  const errors = watchErrors(page);
  await asAdmin(page, '/wp-admin/einstellungen/');
  // Sweden is not delivered to yet: the shop adds it from every country there is.
  const countries = page.getByTestId('delivery-countries');
  await expect(countries.getByRole('listitem')).toHaveCount(11);
  await countries.getByLabel('Lieferland hinzufügen').selectOption('SE');
  await countries.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(countries.getByRole('listitem').last()).toContainText('Schweden');
  await page.getByRole('button', { name: 'Versandzone hinzufügen' }).click();
  const zone = page.getByTestId('shipping-zone').last();
  await zone.getByLabel('Name der Zone').fill('Schweden');
  await zone.getByLabel('Versandpauschale (€)').fill('19,90');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(zone.getByText('Bitte wählen Sie mindestens ein Land.')).toBeVisible();
  await expect(zone.getByLabel('Name der Zone')).toHaveValue('Schweden');
  await zone.getByRole('checkbox', { name: 'Schweden' }).check();
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Schweden', exact: true })).toBeVisible();

  // A shopper: Germany pays the shop's rate, Sweden the zone's, as soon as it is chosen; its
  // postcodes are checked by Sweden's format.
  const shopper = await browser.newPage();
  const list = (await (await shopper.request.get('/wp-json/wc/store/v1/products?per_page=50')).json()) as Array<{
    type: string;
    is_in_stock: boolean;
    permalink: string;
    prices: { price: string };
  }>;
  const cheap = list.find((p) => p.type === 'simple' && p.is_in_stock && Number(p.prices.price) < 4000)!;
  await Promise.all([hydrated(shopper), shopper.goto(new URL(cheap.permalink).pathname)]);
  await shopper.getByRole('button', { name: 'In den Warenkorb' }).first().click();
  await expect(shopper.getByRole('link', { name: /Warenkorb/ }).first()).toContainText('1');
  await Promise.all([hydrated(shopper), shopper.goto('/kasse/')]);
  await fillCheckout(shopper);
  const shipping = shopper.locator('.checkout__review .totals tr').filter({ hasText: 'Versand' });
  await expect(shipping).toContainText('4,90');
  const billing = shopper.getByRole('group', { name: 'Rechnungsdetails' });
  await billing.getByLabel(/^Land/).selectOption('SE');
  await billing.getByLabel(/^Postleitzahl/).fill('1050');
  await expect(shipping).toContainText('19,90');
  const total = Number(cheap.prices.price) + 1990;
  await expect(shopper.getByTestId('order-total')).toHaveText(`${(total / 100).toFixed(2).replace('.', ',')}\u00a0€`);
  await shopper.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(billing.getByText('Bitte geben Sie eine gültige Postleitzahl ein.')).toBeVisible();
  await billing.getByLabel(/^Postleitzahl/).fill('114 55');
  await shopper.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(shopper).toHaveURL(/\/bestellung-erhalten\/\d+\//);
  await expect(shopper.locator('main')).toContainText('19,90');
  await shopper.close();

  // Sweden is removed again, and with it from its zone, which then names none and is removed too.
  await page.reload();
  await countries.getByRole('button', { name: 'Schweden entfernen' }).click();
  await expect(countries.getByRole('listitem')).toHaveCount(11);
  await expect(page.getByRole('group', { name: 'Schweden', exact: true }).getByRole('checkbox')).toHaveCount(11);
  await page.getByRole('group', { name: 'Schweden', exact: true }).getByRole('button', { name: 'Zone entfernen' }).click();
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
  await expect(page.getByTestId('shipping-zone')).toHaveCount(0);
  await page.reload();
  await expect(countries.getByRole('listitem')).toHaveCount(11);
  expect(errors).toEqual([]);
});

test('media library: upload with progress, alternative text, delete; customers and pages are listed', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  await asAdmin(page, '/wp-admin/medien/');
  const name = `regal-${info.project.name}.png`;
  await page.getByLabel('Bilder hochladen').setInputFiles({ name, mimeType: 'image/png', buffer: Buffer.from(pngImage(320, 200)) });
  await expect(page.getByRole('progressbar', { name: 'Fortschritt des Hochladens' })).toBeVisible();
  await expect(page.getByText(`${name}: hochgeladen`)).toBeVisible();
  // The upload asks for the image's alternative text at once: its field has the focus, a warning says why.
  const asked = page.getByLabel(`Alternativtext für ${name}`);
  await expect(asked).toBeFocused();
  await expect(asked).toHaveAccessibleDescription(/Noch kein Alternativtext/);
  // The bar counts bytes: all of the file's bytes once it is done.
  const bar = page.getByRole('progressbar', { name: 'Fortschritt des Hochladens' });
  const [max, value] = await bar.evaluate((el: HTMLProgressElement) => [el.max, el.value]);
  expect(max).toBeGreaterThan(1000);
  expect(value).toBe(max);
  await expect(bar).toHaveAttribute('aria-valuetext', '100 % hochgeladen');
  const item = page.getByTestId('media-item').filter({ has: page.locator(`img[src*="regal-${info.project.name}"]`) });
  await expect(item).toHaveCount(1);
  await expect(item.getByText(/^Noch kein Alternativtext/)).toBeVisible();
  await item.getByLabel('Alternativtext').fill('Regal mit Kaffeedosen');
  await item.getByRole('button', { name: 'Speichern' }).click();
  await expect(item.getByText('Gespeichert.')).toBeVisible();
  await expect(item.getByText(/^Noch kein Alternativtext/)).toHaveCount(0);
  await page.reload();
  await expect(item.getByLabel('Alternativtext')).toHaveValue('Regal mit Kaffeedosen');
  await item.getByRole('button', { name: 'Löschen' }).click();
  await item.getByRole('button', { name: 'Wirklich löschen' }).click();
  await expect(item).toHaveCount(0);

  // A customer of this test's own: a guest's order makes one.
  const email = `kundin-${info.project.name}@example.de`;
  await guestOrder(request, (await simpleInStock(request)).id, email);
  await page.goto('/wp-admin/kunden/');
  await expect(page.getByRole('heading', { name: 'Kunden' })).toBeVisible();
  await page.getByLabel('Kunden durchsuchen').fill(email);
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByRole('link', { name: email }).first()).toBeVisible();
  // The customer's page: contact and addresses editable, German messages next to the field, their orders listed.
  await page.getByRole('row', { name: email }).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/wp-admin\/kunden\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Bestellung #\d+$/ }).first()).toBeVisible();
  const billing = page.getByRole('group', { name: 'Rechnungsadresse' });
  await billing.getByLabel('Land').selectOption('DE');
  await billing.getByLabel('Postleitzahl').fill('123');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(billing.getByText('Bitte geben Sie eine gültige Postleitzahl ein.')).toBeVisible();
  await expect(billing.getByLabel('Postleitzahl')).toHaveAttribute('aria-invalid', 'true');
  await expect(billing.getByLabel('Postleitzahl')).toBeFocused();
  await billing.getByLabel('Postleitzahl').fill('04109');
  await billing.getByLabel('Firma').fill(`Rösterei ${info.project.name}`);
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Kunde gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Rechnungsadresse' }).getByLabel('Firma')).toHaveValue(`Rösterei ${info.project.name}`);
  await page.goto('/wp-admin/seiten/');
  const edit = page.getByRole('row', { name: /Impressum/ }).getByRole('link', { name: 'Bearbeiten' });
  await expect(edit).toHaveAttribute('href', /\?editor=1$/);
  expect(errors).toEqual([]);
});

test('menus: an anchor entry added, dragged, moved and nested by keyboard, saved, seen by the shop, removed again', async ({
  page,
}, info) => {
  const errors = watchErrors(page);
  const title = `Zeiten ${info.project.name}`;
  await asAdmin(page, '/wp-admin/menues/');
  await page.getByRole('button', { name: 'Fußzeile' }).click();
  const items = page.getByTestId('menu-item');
  // The demo's footer menu: the legal pages and the contact page.
  await expect(items.first().getByLabel('Titel')).toHaveValue('Impressum');
  const before = await items.count();
  expect(before).toBeGreaterThan(2);
  const titles = await Promise.all(Array.from({ length: before }, (_, i) => items.nth(i).getByLabel('Titel').inputValue()));
  await page.getByLabel('Art des Links').selectOption('anchor');
  await page.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  await expect(page.getByText('Bitte einen Titel und ein Linkziel eingeben.')).toBeVisible();
  await page.getByLabel('Titel des neuen Eintrags').fill(title);
  await page.getByLabel('Linkziel des neuen Eintrags').fill('/kontakt/#zeiten');
  await page.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  await expect(items).toHaveCount(before + 1);
  // Dragged by its handle onto the entry above it, then one more up and in under its new neighbour by keyboard.
  await items
    .nth(before)
    .locator('.admin-drag-handle')
    .dragTo(items.nth(before - 1).locator('.admin-drag-handle'));
  await expect(items.nth(before - 1).getByLabel('Titel')).toHaveValue(title);
  await page.getByRole('button', { name: `${title} nach oben verschieben` }).focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(before - 2).getByLabel('Titel')).toHaveValue(title);
  await page.getByRole('button', { name: `${title} einrücken` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Menü speichern' }).click();
  await expect(page.getByText('Menü gespeichert.')).toBeVisible();
  // The shop's pages carry it under that entry, with its anchor address.
  await page.goto('/');
  const footer = await page.evaluate(
    () =>
      (
        JSON.parse(document.getElementById('__LADEN_DATA__')!.textContent!) as {
          menus: { footer: Array<{ title: string; children: Array<{ title: string; href: string }> }> };
        }
      ).menus.footer,
  );
  expect(footer.map((f) => f.title)).toEqual(titles);
  expect(footer[before - 3]!.children.find((c) => c.title === title)?.href).toBe('/kontakt/#zeiten');
  // Removed again, the menu is as it was.
  await page.goto('/wp-admin/menues/');
  await page.getByRole('button', { name: 'Fußzeile' }).click();
  await page.getByRole('button', { name: `${title} entfernen` }).click();
  await page.getByRole('button', { name: 'Menü speichern' }).click();
  await expect(page.getByText('Menü gespeichert.')).toBeVisible();
  await expect(items).toHaveCount(before);
  expect(errors).toEqual([]);
});

test('a shop manager makes a downloadable e-book with tags, a running sale and a tax status; the shop shows it on sale under its tag', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const band = info.project.name;
  const name = `E-Book Latte Art ${band} ${Date.now().toString(36)}`;
  const tag = `Geschenkidee ${band}`;
  const manager = await shopManager(request, `leiterin-${band}`);
  await logIn(page, manager, '/wp-admin/produkte/neu/');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Regulärer Preis (€)').fill('19,90');
  await page.getByLabel('Angebotspreis (€)').fill('14,90');
  // The sale runs from today (German time) for a month; a last day before the first is refused.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
  await page.getByLabel('Angebot ab').fill(day(0));
  await page.getByLabel('Angebot bis').fill(day(-1));
  await page.getByLabel('Virtuell (kein Versand)').check();
  await page.getByLabel('Herunterladbar (Dateien nach der Zahlung)').check();
  await page.getByLabel('Dateiname').fill('Leseprobe');
  await page.getByLabel('Dateiadresse').fill('leseprobe.pdf');
  await page.getByLabel('Download-Limit').fill('3');
  await page.getByLabel('Steuerstatus').selectOption({ label: 'Nur Versand' });
  await page.getByLabel('Schlagwörter').fill(`E-Book, ${tag}`);
  await page.getByRole('button', { name: 'Produkt speichern' }).click();
  await expect(page.getByText('Das Angebot kann nicht enden, bevor es beginnt.')).toBeVisible();
  await expect(page.getByText('Ein Download muss eine https-Adresse oder ein Pfad unter /uploads/ sein.')).toBeVisible();
  await expect(page.getByLabel('Dateiadresse')).toHaveAttribute('aria-invalid', 'true');
  // The first of the two marked fields, in the form's order.
  await expect(page.getByLabel('Angebot bis')).toBeFocused();
  await page.getByLabel('Angebot bis').fill(day(30));
  await page.getByLabel('Dateiadresse').fill('https://cdn.example.de/latte-art.pdf');
  await page.getByRole('button', { name: 'Produkt speichern' }).click();
  await expect(page).toHaveURL(/\/wp-admin\/produkte\/\d+\/\?gespeichert=1$/);
  await expect(page.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();

  // Read back as saved.
  await expect(page.getByLabel('Angebot ab')).toHaveValue(day(0));
  await expect(page.getByLabel('Angebot bis')).toHaveValue(day(30));
  await expect(page.getByLabel('Herunterladbar (Dateien nach der Zahlung)')).toBeChecked();
  await expect(page.getByLabel('Dateiname')).toHaveValue('Leseprobe');
  await expect(page.getByLabel('Dateiadresse')).toHaveValue('https://cdn.example.de/latte-art.pdf');
  await expect(page.getByLabel('Download-Limit')).toHaveValue('3');
  await expect(page.getByLabel('Ablauf des Downloads (Tage)')).toHaveValue('');
  await expect(page.getByLabel('Steuerstatus')).toHaveValue('shipping');
  await expect(page.getByLabel('Schlagwörter')).toHaveValue(`E-Book, ${tag}`);

  // The shop: on sale now, under its new tag.
  const permalink = (await page.getByRole('link', { name: 'Vorschau im Shop' }).getAttribute('href'))!;
  const shown = hydrated(page);
  await page.goto(permalink);
  await shown;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const summary = page.locator('.product-summary, .product__summary').first();
  await expect(summary.locator('del').first()).toContainText('19,90');
  await expect(summary.locator('ins').first()).toContainText('14,90');
  const listed = hydrated(page);
  await page.getByRole('link', { name: tag, exact: true }).click();
  await listed;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(tag);
  await expect(page.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
