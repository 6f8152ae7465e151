import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { audit, watchErrors } from './helpers';

// A new shop without the demo (no tax number, no VAT ID) issues no invoices (§ 14 (4) UStG):
// the dashboard and the invoice screen say why, and the settings turn invoices on only with one.
// The demo shop names both, so this spec starts a shop of its own beside it.

const BIN = process.env['LADEN_E2E_BIN'] ?? '../target/debug/laden';
const OWNER = { log: 'inhaberin', pwd: 'Neuer-Laden-2026' };

/** A fresh shop without the demo on a port of its own; stopped and removed by the returned function. */
async function freshShop(port: number): Promise<{ base: string; stop: () => void }> {
  const data = mkdtempSync(join(tmpdir(), 'laden-fresh-'));
  const child: ChildProcess = spawn(BIN, ['--data-dir', data, '--addr', `127.0.0.1:${port}`, '--web-dir', './dist', '--no-demo'], {
    env: { ...process.env, LADEN_ADMIN_EMAIL: 'inhaberin@example.de', LADEN_ADMIN_PASSWORD: OWNER.pwd, LADEN_LOG: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: () => {
      child.kill();
      rmSync(data, { recursive: true, force: true });
    },
  };
}

test('a shop without tax number or VAT ID says it issues no invoices, and enables them once it has one', async ({ page }, info) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const shop = await freshShop(18800 + info.parallelIndex * 10 + ['desktop-1280', 'tablet-700', 'mobile-375'].indexOf(info.project.name));
  try {
    await page.goto(`${shop.base}/wp-admin/`);
    await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('inhaberin@example.de');
    await page.getByLabel('Passwort').fill(OWNER.pwd);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    const warning = page.getByTestId('invoices-blocked');
    await expect(warning).toContainText('Der Shop stellt keine Rechnungen aus: Steuernummer und USt-IdNr. fehlen (§ 14 Abs. 4 UStG).');
    expect(await audit(page, 'dashboard with the warning')).toEqual([]);
    await page.goto(`${shop.base}/wp-admin/rechnungen/`);
    await expect(page.getByTestId('invoices-blocked')).toBeVisible();
    await page.getByTestId('invoices-blocked').getByRole('link', { name: 'In den Einstellungen angeben' }).click();
    await expect(page).toHaveURL(/\/wp-admin\/einstellungen\/$/);

    // Turning invoices on at another moment without a tax id is refused at the field.
    const panel = page.getByRole('group', { name: 'Rechnungen' });
    await panel.getByLabel('Rechnungen erstellen').selectOption('order');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(panel.getByText(/Rechnungen müssen die Steuernummer oder die USt-IdNr\. des Shops nennen/)).toBeVisible();
    await expect(panel.getByLabel('Rechnungen erstellen')).toHaveAttribute('aria-invalid', 'true');
    // With the tax number it saves, and the warning is gone.
    await panel.getByLabel('Steuernummer').fill('231/151/00213');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Einstellungen gespeichert.')).toBeVisible();
    await page.goto(`${shop.base}/wp-admin/`);
    await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
    await expect(page.getByTestId('invoices-blocked')).toHaveCount(0);
    // The tax number alone, and Switzerland among the delivery countries: export e-invoices need the VAT ID.
    await expect(page.getByTestId('exports-need-vat-id')).toContainText(
      'Der Shop liefert in Länder außerhalb der EU, hat aber keine eigene USt-IdNr.',
    );
    expect(await audit(page, 'dashboard with the export warning')).toEqual([]);
  } finally {
    shop.stop();
  }
  expect(errors).toEqual([]);
});
