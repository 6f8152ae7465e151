import { expect, test } from './fixtures';
import { adminNonce, audit, checkoutWith, fillCheckout, setSettings, signIn, watchErrors, withProduct } from './helpers';

test('the shopper chooses Express or pickup at checkout; pickup asks for no delivery address; the order keeps the method', async ({
  page,
  request,
}, info) => {
  const errors = watchErrors(page);
  const before = await setSettings(request, {
    laden_shop_address: 'Röstwerk GmbH\nMarktstraße 1\n04109 Leipzig',
    laden_shipping_zones: [
      {
        name: 'Deutschland',
        countries: ['DE'],
        cost: '4.90',
        free_from: null,
        methods: {
          weight_bands: [],
          extra: [
            { kind: 'flat_rate', title: 'Express', cost: '12.90' },
            { kind: 'local_pickup', title: 'Abholung im Laden', hours: 'Mo–Fr 10–18 Uhr' },
          ],
        },
      },
    ],
  });
  // Goods to send, of the test's own: the demo's products run out of stock as the specs buy them
  // in each viewport band (and its e-books ship nothing).
  const goods = { name: `Versandprobe ${info.project.name}`, type: 'simple', regular_price: '24.90' };
  const nonce = await adminNonce(request);
  try {
    await withProduct(request, nonce, goods, async (product) => {
      await checkoutWith(page, product);
      const methods = page.getByRole('group', { name: 'Versandart' });
      const shipping = page.getByTestId('order-summary').getByRole('row', { name: /^Versand/ });
      // The cheapest delivery is taken; pickup only when chosen.
      await expect(methods.getByRole('radio', { name: /^Versandpauschale: 4,90/ })).toBeChecked();
      await expect(shipping).toContainText('4,90');
      await methods.getByRole('radio', { name: /^Express: 12,90/ }).check();
      await expect(shipping).toContainText('12,90');
      await expect(methods.getByRole('radio', { name: /^Express/ })).toBeChecked();
      // Another country, in no zone: its one rate leaves nothing to choose, and the order summary
      // charges it, not Express; back in Germany, the shopper's choice of Express holds again.
      const country = page.getByRole('group', { name: 'Rechnungsdetails' }).getByLabel(/^Land/);
      await country.selectOption('AT');
      await expect(methods).toHaveCount(0);
      await expect(shipping).not.toContainText('12,90');
      await country.selectOption('DE');
      await expect(methods.getByRole('radio', { name: /^Express: 12,90/ })).toBeChecked();
      await expect(shipping).toContainText('12,90');

      await methods.getByRole('radio', { name: /^Abholung im Laden: Kostenlos/ }).check();
      await expect(shipping).toContainText('Kostenlos');
      await expect(methods).toContainText('Abholung: Röstwerk GmbH, Marktstraße 1, 04109 Leipzig');
      await expect(methods).toContainText('Mo–Fr 10–18 Uhr');
      // Collected at the shop: no delivery address to give.
      await expect(page.getByRole('checkbox', { name: 'Lieferung an eine andere Adresse?' })).toHaveCount(0);
      expect(await audit(page, 'checkout with shipping methods')).toEqual([]);

      await fillCheckout(page);
      await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
      await expect(page).toHaveURL(/\/bestellung-erhalten\/\d+\//);
      // The order received page names the method.
      await expect(page.getByRole('row', { name: /^Versand: Abholung im Laden/ })).toBeVisible();
      const id = Number(/\/bestellung-erhalten\/(\d+)\//.exec(page.url())?.[1]);
      const order = (await (await request.get(`/wp-json/wc/v3/orders/${id}`, { headers: { 'X-WP-Nonce': nonce } })).json()) as {
        shipping_lines: Array<{ method_id: string; method_title: string; total: string }>;
      };
      expect(order.shipping_lines[0]).toMatchObject({ method_id: 'local_pickup', method_title: 'Abholung im Laden', total: '0.00' });
    });
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('the administrator gives a zone Express and pickup in the settings, and a bad cost is named at its field', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const before = await setSettings(request, {
    laden_shipping_zones: [{ name: 'Deutschland', countries: ['DE'], cost: '4.90', free_from: '50.00' }],
  });
  try {
    await signIn(page, '/wp-admin/einstellungen/');
    const zone = page.getByTestId('shipping-zone').first();
    const methods = zone.getByRole('group', { name: 'Weitere Versandarten' });
    await methods.getByRole('button', { name: 'Versandart hinzufügen' }).click();
    await methods.getByRole('button', { name: 'Versandart hinzufügen' }).click();
    const [express, pickup] = [methods.getByTestId('shipping-method').nth(0), methods.getByTestId('shipping-method').nth(1)];
    await express.getByLabel('Name der Versandart').fill('Express');
    await express.getByLabel('Kosten (€)').fill('zwölf');
    await pickup.getByLabel('Art', { exact: true }).selectOption({ label: 'Abholung im Laden' });
    await pickup.getByLabel('Name der Versandart').fill('Abholung im Laden');
    await pickup.getByLabel('Öffnungszeiten').fill('Mo–Fr 10–18 Uhr');
    // The standard rate by weight: up to 2 kg 4,90 €, then a band that is not heavier.
    const bands = zone.getByRole('group', { name: 'Pauschale nach Gewicht: Deutschland' });
    await bands.getByRole('button', { name: 'Gewichtsstufe hinzufügen' }).click();
    await bands.getByRole('button', { name: 'Gewichtsstufe hinzufügen' }).click();
    const [light, heavy] = [bands.getByTestId('weight-band').nth(0), bands.getByTestId('weight-band').nth(1)];
    await light.getByLabel('Bis (kg)').fill('2');
    await light.getByLabel('Kosten (€)').fill('4,90');
    await heavy.getByLabel('Bis (kg)').fill('1,5');
    await heavy.getByLabel('Kosten (€)').fill('9,90');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(express.getByText('Bitte einen Preis wie 12,90 eingeben.')).toBeVisible();
    await expect(heavy.getByText('Bitte ein Gewicht über dem der vorigen Stufe eingeben, z. B. 2,5.')).toBeVisible();
    await express.getByLabel('Kosten (€)').fill('12,90');
    await heavy.getByLabel('Bis (kg)').fill('31,5');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('shipping-method').nth(0).getByLabel('Kosten (€)')).toHaveValue('12,90');
    await expect(page.getByTestId('shipping-method').nth(1).getByLabel('Öffnungszeiten')).toHaveValue('Mo–Fr 10–18 Uhr');
    await expect(page.getByTestId('weight-band').nth(1).getByLabel('Bis (kg)')).toHaveValue('31,5');
    const nonce = await adminNonce(request);
    const zones = (await (
      await request.get('/wp-json/wc/v3/shipping/zones/1/methods', { headers: { 'X-WP-Nonce': nonce } })
    ).json()) as Array<{
      method_id: string;
      title: string;
    }>;
    expect(zones.map((m) => [m.method_id, m.title])).toEqual([
      ['flat_rate', 'Versandpauschale'],
      ['free_shipping', 'Kostenloser Versand'],
      ['flat_rate', 'Express'],
      ['local_pickup', 'Abholung im Laden'],
    ]);
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});

test('the administrator adds a shipping class, charges extra for it on the flat rate, and a product in it costs more to send', async ({
  page,
  request,
}, info) => {
  const errors = watchErrors(page);
  const before = await setSettings(request, {
    laden_shipping_classes: [],
    laden_shipping_zones: [{ name: 'Deutschland', countries: ['DE'], cost: '4.90', free_from: null }],
  });
  const nonce = await adminNonce(request);
  const goods = { name: `Sperriges Regal ${info.project.name}`, type: 'simple', regular_price: '89.00' };
  try {
    await withProduct(request, nonce, goods, async (product) => {
      await signIn(page, '/wp-admin/einstellungen/');
      const classes = page.getByRole('group', { name: 'Versandklassen' });
      await classes.getByRole('button', { name: 'Versandklasse hinzufügen' }).click();
      await classes.getByLabel('Versandklasse 1').fill('Sperrgut');
      await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
      await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
      // Saved once, the class can be charged for: 15 € more on the zone's flat rate.
      const zone = page.getByTestId('shipping-zone').first();
      const costs = zone.getByRole('group', { name: 'Aufpreis je Versandklasse: Deutschland' });
      await costs.getByLabel('Sperrgut (€)').fill('fünfzehn');
      await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
      await expect(costs.getByText('Bitte einen Preis wie 12,90 eingeben.')).toBeVisible();
      await costs.getByLabel('Sperrgut (€)').fill('15,00');
      await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
      await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
      expect(await audit(page, 'settings with a shipping class')).toEqual([]);

      // The product joins the class in its editor.
      await page.goto(`/wp-admin/produkte/${product.id}/`);
      await page.getByLabel('Versandklasse').selectOption({ label: 'Sperrgut' });
      await page.getByRole('button', { name: 'Produkt speichern' }).click();
      await expect(page.getByText('Produkt gespeichert.')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Versandklasse')).toHaveValue('sperrgut');

      // At checkout the flat rate costs 4,90 € + 15,00 €.
      await checkoutWith(page, product);
      const shipping = page.getByTestId('order-summary').getByRole('row', { name: /^Versand/ });
      await expect(shipping).toContainText('19,90');
    });
  } finally {
    await setSettings(request, before);
  }
  expect(errors).toEqual([]);
});
