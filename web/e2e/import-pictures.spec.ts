import { crc32 } from 'node:zlib';
import { expect, test } from './fixtures';
import { adminNonce, audit, shopManager, signIn, storeProducts } from './helpers';

// A moved shop's CSV names its pictures by their old addresses; the admin's import takes them
// from a ZIP of the old uploads folder, and names in its report what it could not take.

/** A ZIP (stored, not compressed) of `files`: what an owner packs of wp-content/uploads. */
function zipOf(files: Array<[string, Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

test('a moved shop’s CSV finds its pictures in a ZIP of the old uploads folder; what it cannot take is named', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const band = `${info.project.name}-${Date.now().toString(36)}`;
  // A real picture: one of the demo's, as the old shop had it.
  const [pictured] = (await storeProducts(request)).filter((p) => p.images.length > 0);
  const jpeg = await (await request.get(pictured!.images[0]!.src)).body();
  const zip = zipOf([[`wp-content/uploads/2024/05/umzug-${band}.jpg`, jpeg]]);
  const csv =
    'Type,SKU,Name,Published,Regular price,Images\n' +
    `simple,UMZUG-${band}-1,Umzugstasse ${band},0,9.90,https://alter-shop.de/wp-content/uploads/2024/05/umzug-${band}.jpg\n` +
    `simple,UMZUG-${band}-2,Umzugsbecher ${band},0,7.90,http://127.0.0.1/wp-content/uploads/2024/05/fehlt-${band}.jpg\n`;

  const manager = await shopManager(request, `umzug-${info.project.name}`);
  await signIn(page, '/wp-admin/import/', manager);
  await page.getByLabel('CSV-Datei').setInputFiles({ name: 'produkte.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page
    .getByLabel('Bilder des alten Shops (optional)')
    .setInputFiles({ name: 'uploads.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('checkbox', { name: 'Bilder, die nicht in der ZIP-Datei sind, vom alten Shop herunterladen' }).check();
  await page.getByRole('button', { name: 'Importieren' }).click();
  await expect(page.getByText('Import abgeschlossen.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('2 angelegt, 0 aktualisiert, 0 Zeilen mit Fehlern.')).toBeVisible();
  // The second row's picture is neither in the ZIP nor fetched from this machine: named in its row.
  const note = page.getByRole('row', { name: /^3 Hinweis/ });
  await expect(note).toContainText(`fehlt-${band}.jpg`);
  await expect(note).toContainText('Die Adresse führt in ein privates Netz oder auf diesen Rechner; sie wird nicht geladen.');
  await expect(page.getByRole('row', { name: /^2 Hinweis/ })).toHaveCount(0);
  expect(await audit(page, 'import report')).toEqual([]);

  // The first product has the old shop's picture.
  const nonce = await adminNonce(request);
  const found = (await (
    await request.get(`/wp-json/wc/v3/products?sku=UMZUG-${band}-1&status=draft`, { headers: { 'X-WP-Nonce': nonce } })
  ).json()) as Array<{ images: Array<{ src: string }> }>;
  expect(found[0]!.images).toHaveLength(1);
  expect(found[0]!.images[0]!.src).toContain(`umzug-${band}`);
});
