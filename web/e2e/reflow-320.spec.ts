import { expect, test } from './fixtures';
import { everyPage, overflow } from './reflow';

test('no page scrolls sideways at 320 CSS px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 640 });
  const found: string[] = [];
  await everyPage(page, async (what) => {
    const o = await overflow(page);
    if (o) found.push(`${what}: ${o}`);
    // The open menu and the mini cart reflow too.
    if (what === 'home') {
      await page.getByRole('button', { name: 'Menü', exact: true }).click();
      const m = await overflow(page);
      if (m) found.push(`menu open: ${m}`);
      await page.getByRole('button', { name: 'Menü', exact: true }).click();
    }
  });
  expect(found, found.join('\n')).toEqual([]);
});
