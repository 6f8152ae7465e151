import { test as plain } from '@playwright/test';
import { expect, watchHydration } from './fixtures';

// The guard every test runs under is only worth something if it notices a mismatch: here the
// server's HTML is altered on the way, and React's report of it must be caught.
plain('a hydration mismatch is caught', async ({ page, context }) => {
  const found = watchHydration(context);
  await page.route('**/shop/', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/(<h1[^>]*>)([^<]+)</, '$1$2 (verändert)<');
    await route.fulfill({ response: res, body: html });
  });
  await page.goto('/shop/');
  await expect.poll(() => found.length).toBeGreaterThan(0);
});
