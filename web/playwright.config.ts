import { defineConfig, devices } from '@playwright/test';

// The server under test is the debug binary `make test` already built, on a
// fresh data folder with the demo shop (LADEN_E2E_DATA, set by scripts/test.sh).
const port = Number(process.env['LADEN_E2E_PORT'] ?? 18765);
const data = process.env['LADEN_E2E_DATA'] ?? '/tmp/laden-e2e';
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
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    command: `${bin} --data-dir ${data} --addr 127.0.0.1:${port} --web-dir ./dist --demo-dir ../fixtures/demo`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    // A known administrator, for tests that change shop settings through wp/v2/settings.
    env: {
      LADEN_ADMIN_EMAIL: 'admin@example.de',
      LADEN_ADMIN_PASSWORD: 'e2e-Röstmeister-2026',
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
  },
});
