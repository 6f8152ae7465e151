import { defineConfig, devices } from '@playwright/test';

import { e2eData, E2E_PORT, E2E_PORT_BASE, SERVERS } from './e2e/servers';

// The servers under test: the debug binary `make test` already built, each on a fresh data folder
// with the demo shop (under LADEN_E2E_DATA, set by scripts/test.sh). Each worker has a server of
// its own (its port and folder follow the worker's index), so two workers run side by side as one
// worker ran before: each file sees one shop, changed only by the files before it on that worker.
const bin = process.env['LADEN_E2E_BIN'] ?? '../target/debug/laden';

const chromium = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker left a third of two cores idle (the browser and the server wait on each other).
  workers: SERVERS,
  // One retry, reported as "flaky" in the list: two tests at 375 px (the page-builder tab click,
  // the header search's suggestions) fail now and then on a loaded machine after other files ran
  // on the same server, and pass alone. Not understood yet; see issue 60's note. (A third such
  // failure was a spec buying a demo product whose stock the earlier bands had used up: specs
  // that buy make their own goods, `withProduct`.)
  retries: 1,
  reporter: [['list']],
  use: {
    // Read in each worker process, whose TEST_PARALLEL_INDEX picks its server.
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'de-DE',
    launchOptions: chromium,
    // Visitors who already declined analytics and marketing: the consent banner stays out of the
    // way. The consent specs start without these cookies.
    storageState: {
      cookies: ['statistics', 'marketing'].map((c) => ({
        name: `wp_consent_${c}`,
        value: 'deny',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      })),
      origins: [],
    },
    trace: 'off',
  },
  // Spec §9 viewport bands: mobile ≤ 575.98, tablet ≤ 767.98, desktop above. The 320 px reflow
  // check sets its own width and runs on the phone; the 200 % text check on the desktop.
  projects: [
    {
      name: 'desktop-1280',
      testIgnore: /reflow-320\.spec/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'tablet-700',
      testIgnore: /(reflow-320|text-zoom)\.spec/,
      use: { viewport: { width: 700, height: 1000 }, hasTouch: true, launchOptions: chromium },
    },
    {
      name: 'mobile-375',
      testIgnore: /text-zoom\.spec/,
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, launchOptions: chromium },
    },
  ],
  webServer: Array.from({ length: SERVERS }, (_, i) => ({
    command: `${bin} --data-dir ${e2eData(i)} --addr 127.0.0.1:${E2E_PORT_BASE + i} --web-dir ./dist --demo-dir ../fixtures/demo`,
    url: `http://127.0.0.1:${E2E_PORT_BASE + i}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    // A known administrator, for tests that change shop settings through wp/v2/settings.
    env: {
      LADEN_ADMIN_EMAIL: 'admin@example.de',
      LADEN_ADMIN_PASSWORD: 'e2e-Röstmeister-2026',
      // Warnings and errors only: a line per request from two servers buries the test report.
      LADEN_LOG: 'warn',
      // Stripe's stand-in (localstripe), started by `make test`: the shop takes cards and SEPA
      // debits through it once the payment specs offer them.
      ...(process.env['LADEN_TEST_STRIPE']
        ? {
            LADEN_STRIPE_SECRET_KEY: 'sk_test_laden_e2e',
            LADEN_STRIPE_PUBLISHABLE_KEY: 'pk_test_laden_e2e',
            LADEN_STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
            LADEN_STRIPE_API_BASE: process.env['LADEN_TEST_STRIPE'],
          }
        : {}),
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })),
});
