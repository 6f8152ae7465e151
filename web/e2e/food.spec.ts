import { expect, test } from './fixtures';
import { adminNonce, productTab, signIn, watchErrors, withProduct } from './helpers';

test('food information (LMIV): the admin states it, a half declaration is refused at its field, the page gives it in a tab', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const suffix = `${info.project.name} ${Date.now().toString(36)}`;
  const nonce = await adminNonce(request);
  await withProduct(request, nonce, { name: `Nussschokolade ${suffix}`, regular_price: '2.49' }, async (product) => {
    await signIn(page, `/wp-admin/produkte/${product.id}/`);
    const food = page.getByRole('group', { name: 'Lebensmittelangaben' });
    await food.getByLabel('Dieses Produkt ist ein Lebensmittel (LMIV)').check();
    await food.getByLabel('Bezeichnung des Lebensmittels').fill('Vollmilchschokolade mit Haselnüssen');
    await food.getByLabel('Zutaten').fill('Zucker, KAKAOBUTTER, VOLLMILCHPULVER, HASELNÜSSE (15 %)');
    const allergens = food.getByRole('group', { name: 'Allergene' });
    await allergens.getByLabel('Milch (einschließlich Laktose)').check();
    await allergens.getByLabel('Schalenfrüchte').check();
    await food.getByLabel('Lebensmittelunternehmer').fill('Laden Süßwaren GmbH\nMusterweg 1\n12345 Berlin');
    // Fat alone is no declaration: the server names the first missing value at its field.
    await food.getByLabel('Fett (g)').fill('31,5');
    await page.getByRole('button', { name: 'Produkt speichern' }).click();
    const energy = food.getByLabel('Brennwert (kJ)');
    await expect(energy).toHaveAttribute('aria-invalid', 'true');
    await expect(food.getByText('Eine Nährwertdeklaration nennt Brennwert in kJ und kcal')).toBeVisible();
    for (const [label, value] of [
      ['Brennwert (kJ)', '2252'],
      ['Brennwert (kcal)', '539'],
      ['davon gesättigte Fettsäuren (g)', '19'],
      ['Kohlenhydrate (g)', '56'],
      ['davon Zucker (g)', '55,4'],
      ['Eiweiß (g)', '6,3'],
      ['Salz (g)', '0,24'],
    ] as const) {
      await food.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Produkt speichern' }).click();
    await expect(page.getByRole('status').getByText('Produkt gespeichert.')).toBeVisible();

    // The shopper's page: a tab of its own, reached by keyboard, the table captioned and rounded.
    const panel = await productTab(page, product.permalink, 'Lebensmittelangaben');
    await expect(panel.getByText('Vollmilchschokolade mit Haselnüssen')).toBeVisible();
    await expect(panel.getByText('Milch (einschließlich Laktose), Schalenfrüchte')).toBeVisible();
    await expect(panel.getByText('12345 Berlin')).toBeVisible();
    const table = panel.getByRole('table', { name: 'Durchschnittliche Nährwerte pro 100 g' });
    await expect(table.getByRole('row', { name: 'Brennwert 2.252 kJ / 539 kcal' })).toBeVisible();
    await expect(table.getByRole('row', { name: 'Fett 32 g' })).toBeVisible();
    await expect(table.getByRole('row', { name: 'davon Zucker 55 g' })).toBeVisible();
    await expect(table.getByRole('row', { name: 'Salz 0,24 g' })).toBeVisible();
  });
  expect(errors).toEqual([]);
});
