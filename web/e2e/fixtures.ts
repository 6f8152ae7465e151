import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage } from '@playwright/test';

/**
 * A React hydration error or warning: what the app's `onRecoverableError` logs (`hydration …`),
 * React's own production errors (minified, e.g. #418 text mismatch, #425, #423) and its
 * development warnings.
 */
export const isHydrationMessage = (text: string): boolean =>
  /^hydration\b|Minified React error|hydrat(ed|ion) (failed|mismatch)|did not match|server rendered HTML/i.test(text);

/** Collects into `found` the hydration errors and warnings of every page of a browser context. */
export function watchHydration(context: BrowserContext, found: string[] = []): string[] {
  context.on('console', (m: ConsoleMessage) => {
    if ((m.type() === 'error' || m.type() === 'warning') && isHydrationMessage(m.text()))
      found.push(`${m.page()?.url() ?? ''}: ${m.text()}`);
  });
  context.on('weberror', (e) => {
    if (isHydrationMessage(e.error().message)) found.push(e.error().message);
  });
  return found;
}

/** Makes the contexts and pages a test opens itself (`browser.newPage()`) report to `found` too; returns the undo. */
function watchNewContexts(browser: Browser, found: string[]): () => void {
  const { newContext, newPage } = browser;
  const opened = async (options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> => {
    const context = await newContext.call(browser, options);
    watchHydration(context, found);
    return context;
  };
  browser.newContext = opened;
  browser.newPage = async (options) => {
    // As Playwright's own newPage: the page owns its context and takes it along when closed.
    const context = await opened(options);
    const page = await context.newPage();
    page.on('close', () => void context.close());
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

/**
 * The suite's `test`: every page a test opens, at every viewport band, fails the test when React
 * reports a hydration error or warning (recoverable ones included).
 */
export const test = base.extend<{ hydrationGuard: void }>({
  hydrationGuard: [
    async ({ context, browser }, use) => {
      const found = watchHydration(context);
      const undo = watchNewContexts(browser, found);
      await use();
      undo();
      expect(found, 'React hydration errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
