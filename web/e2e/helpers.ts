import { expect, type Page } from '@playwright/test';

export interface StoreProduct {
  id: number;
  name: string;
  type: string;
  is_in_stock: boolean;
  permalink: string;
  prices: { price: string };
}

/** Opens a primary-menu link, through the mobile menu button where the menu is collapsed. */
export async function openMenuLink(page: Page, name: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menü', exact: true });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name, exact: true }).first().click();
}

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // Chromium logs every 4xx fetch; API answers are asserted by the tests themselves.
    const apiStatus = m.text().startsWith('Failed to load resource') && m.location().url.includes('/wp-json/');
    if (m.type() === 'error' && !apiStatus) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().includes('/wp-json/')) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

/** Waits until React has hydrated (the cart count is read after hydration). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForResponse((r) => r.url().includes('/wp-json/wc/store/v1/cart') && r.request().method() === 'GET');
}
