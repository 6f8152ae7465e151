import { expect, test } from './fixtures';
import { everyPage, overflow } from './reflow';

test('no page scrolls sideways with its text at 200 %', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  // The browser's text size setting: the root font size doubled (every rem and em with it) before
  // the page's own scripts measure anything.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const zoom = document.createElement('style');
      zoom.textContent = 'html { font-size: 200% !important; }';
      document.head.append(zoom);
    }),
  );
  await everyPage(page, async (what) => {
    const size = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    expect(size, `${what}: text at 200 %`).toBeGreaterThanOrEqual(31);
    const o = await overflow(page);
    if (o) found.push(`${what}: ${o}`);
  });
  expect(found, found.join('\n')).toEqual([]);
});
